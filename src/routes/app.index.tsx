import { createFileRoute, Navigate } from '@tanstack/react-router'
import { RoleDashboardBody } from '@/app/role-dashboard'
import { useSessionStore } from '@/features/auth/session-store'
import { dashboardSearchSchema } from '@/features/letters/dashboard-view'

export const Route = createFileRoute('/app/')({
  validateSearch: dashboardSearchSchema,
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
