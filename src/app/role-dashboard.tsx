import type { User } from '@/domain/types'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import { UserDashboard } from '@/features/letters/user-dashboard'
import { EmployeePortal } from '@/features/referrals/employee-portal'
import { DashboardHeader } from './dashboard-header'

/** The dashboard for the signed-in person's role. */
export function RoleDashboard({ user }: { user: User }) {
  return (
    <div className="min-h-dvh">
      <DashboardHeader user={user} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {user.role === 'admin' ? (
          <AdminDashboard />
        ) : user.role === 'employee' ? (
          <EmployeePortal user={user} />
        ) : (
          <UserDashboard user={user} />
        )}
      </main>
    </div>
  )
}
