import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { useSessionStore } from '@/features/auth/session-store'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import { adminSearchSchema } from '@/features/admin/admin-search'

export const Route = createFileRoute('/app/admin')({
  validateSearch: adminSearchSchema,
  // The `/app` layout sends the signed-out to sign in; anyone else goes to their own dashboard.
  beforeLoad: ({ context }) => {
    if (context.currentUser()?.role !== 'admin') throw redirect({ to: '/app', replace: true })
  },
  component: AdminRoute,
})

function AdminRoute() {
  const user = useSessionStore((state) => state.user)
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Someone else signed in from another tab: leave before the guard runs again.
  if (user?.role !== 'admin') return <Navigate to="/app" replace />
  return (
    <AdminDashboard search={search} onSearchChange={(next) => void navigate({ search: next })} />
  )
}
