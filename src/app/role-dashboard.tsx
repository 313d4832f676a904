import type { ReactNode } from 'react'
import type { User } from '@/domain/types'
import { LocalAdminDashboard } from '@/features/admin/local-admin-dashboard'
import { SubscriptionTab } from '@/features/billing/subscription-tab'
import type { DashboardSearch } from '@/features/letters/dashboard-view'
import { UserDashboard } from '@/features/letters/user-dashboard'
import { EmployeePortal } from '@/features/referrals/employee-portal'
import { DashboardHeader } from './dashboard-header'
import { SyncDownloadProgress } from './sync-download-progress'
import { SyncRefusals } from './sync-refusals'

export function DashboardLayout({ user, children }: { user: User; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <DashboardHeader user={user} />
      <SyncDownloadProgress />
      <SyncRefusals />
      <main tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 outline-none sm:px-6">
        {children}
      </main>
    </div>
  )
}

export type RoleDashboardProps = {
  user: User
  search: DashboardSearch
  onSearchChange: (search: DashboardSearch) => void
}

/** The dashboard body for the signed-in person's role. */
export function RoleDashboardBody({ user, search, onSearchChange }: RoleDashboardProps) {
  if (user.role === 'admin') return <LocalAdminDashboard />
  if (user.role === 'employee') return <EmployeePortal user={user} />
  return (
    <UserDashboard
      user={user}
      search={search}
      onSearchChange={onSearchChange}
      subscription={<SubscriptionTab userId={user.id} />}
    />
  )
}

export function RoleDashboard(props: RoleDashboardProps) {
  return (
    <DashboardLayout user={props.user}>
      <RoleDashboardBody {...props} />
    </DashboardLayout>
  )
}
