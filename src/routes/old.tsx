import { createFileRoute } from '@tanstack/react-router'
import { Brand } from '@/app/brand'
import { RoleDashboard } from '@/app/role-dashboard'
import { SiteNavActions } from '@/app/site-nav'
import { useSessionStore } from '@/features/auth/session-store'
import { dashboardSearchSchema } from '@/features/letters/dashboard-view'
import { OldLanding } from '@/features/marketing/old-landing'

export const Route = createFileRoute('/old')({
  validateSearch: dashboardSearchSchema,
  component: OldRoute,
})

/** The seed's session-aware entry: the simpler landing, or the dashboard for the role. */
function OldRoute() {
  const user = useSessionStore((state) => state.user)
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  if (user)
    return (
      <RoleDashboard
        user={user}
        search={search}
        onSearchChange={(next) => void navigate({ search: next })}
      />
    )
  return <OldLanding brand={<Brand />} actions={<SiteNavActions />} />
}
