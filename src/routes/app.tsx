import { createFileRoute, Navigate, redirect } from '@tanstack/react-router'
import { RoleDashboard } from '@/app/role-dashboard'
import { useSessionStore } from '@/features/auth/session-store'

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => {
    if (!context.currentUser()) throw redirect({ to: '/auth', search: { redirect: location.href } })
  },
  component: AppRoute,
})

function AppRoute() {
  const user = useSessionStore((state) => state.user)
  // Signed out in another tab: leave before the guard runs again.
  if (!user) return <Navigate to="/auth" />
  return <RoleDashboard user={user} />
}
