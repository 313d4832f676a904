import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { RoleDashboardBody } from '@/app/role-dashboard'
import { useSessionStore } from '@/features/auth/session-store'
import { useCheckoutStore } from '@/features/billing/checkout-store'
import { dashboardSearchSchema } from '@/features/letters/dashboard-view'

export const Route = createFileRoute('/app/')({
  validateSearch: dashboardSearchSchema,
  beforeLoad: ({ context, search }) => {
    const user = context.currentUser()
    if (!search.plan || !user) return
    // Select Plan on the landing page: open that plan's checkout, and leave the URL without
    // the plan so reloading or going back does not start the checkout over.
    useCheckoutStore.getState().selectPlan(user.id, search.plan)
    throw redirect({ to: '/app', search: { tab: 'subscription' }, replace: true })
  },
  component: DashboardRoute,
})

function DashboardRoute() {
  const user = useSessionStore((state) => state.user)
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (!user) return null
  // The admin dashboard has its own route, whose URL carries the tab, page and search.
  if (user.role === 'admin') return <Navigate to="/app/admin" replace />
  return (
    <RoleDashboardBody
      user={user}
      search={search}
      onSearchChange={(next) => void navigate({ search: next })}
    />
  )
}
