import { lazy, type ReactNode, Suspense } from 'react'
import type { User } from '@/domain/types'
import { SubscriptionTab } from '@/features/billing/subscription-tab'
import type { DashboardSearch } from '@/features/letters/dashboard-view'
import { type DashboardShown, UserDashboard } from '@/features/letters/user-dashboard'
import { EmployeePortal } from '@/features/referrals/employee-portal'
import { DashboardHeader } from './dashboard-header'
import { forgetDashboard, rememberDashboard } from './dashboard-frame'
import { SyncDownloadProgress } from './sync-download-progress'
import { SyncRefusals } from './sync-refusals'

// Only an admin at /old sees it: the user's and the employee's dashboards do not download it.
const LocalAdminDashboard = lazy(() =>
  import('@/features/admin/local-admin-dashboard').then((module) => ({
    default: module.LocalAdminDashboard,
  })),
)

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
  if (user.role === 'admin')
    return (
      <Suspense fallback={<p className="text-sm text-ink-500 dark:text-ink-300">Loading…</p>}>
        <LocalAdminDashboard />
      </Suspense>
    )
  if (user.role === 'employee') return <EmployeePortal user={user} />
  return (
    <UserDashboard
      user={user}
      search={search}
      onSearchChange={onSearchChange}
      subscription={<SubscriptionTab userId={user.id} stripeReturn={search.checkout} />}
      onShown={(shown) => rememberShown(user.fullName, shown)}
    />
  )
}

/**
 * What the dashboard's frame needs next time (decision 040). A dashboard the frame does not draw,
 * the note on letters owed, is not remembered, so no frame shows for it.
 */
function rememberShown(name: string, { letters, lettersLeft, lettersOwed }: DashboardShown) {
  if (lettersOwed > 0) forgetDashboard()
  else rememberDashboard({ name, letters, noLettersLeft: lettersLeft === 0 })
}

export function RoleDashboard(props: RoleDashboardProps) {
  return (
    <DashboardLayout user={props.user}>
      <RoleDashboardBody {...props} />
    </DashboardLayout>
  )
}
