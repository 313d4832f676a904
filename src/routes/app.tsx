import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router'
import { DashboardLayout } from '@/app/role-dashboard'
import { useSessionStore } from '@/features/auth/session-store'
import { LetterEngineProvider } from '@/features/letters/use-letter-engine'

export const Route = createFileRoute('/app')({
  beforeLoad: ({ context, location }) => {
    if (!context.currentUser()) throw redirect({ to: '/auth', search: { redirect: location.href } })
  },
  component: AppLayout,
})

function AppLayout() {
  const user = useSessionStore((state) => state.user)
  // Signed out in another tab: leave before the guard runs again.
  if (!user) return <Navigate to="/auth" />
  return (
    <DashboardLayout user={user}>
      <LetterEngineProvider>
        <Outlet />
      </LetterEngineProvider>
    </DashboardLayout>
  )
}
