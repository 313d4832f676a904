import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { ThemeSwitch } from '@/app/theme-switch'
import { useSessionStore } from '@/features/auth/session-store'
import { EngineSettingsForm } from '@/features/letters/engine-settings-form'
import { SettingsPage } from '@/features/settings/settings-page'
import { buttonClass } from '@/ui/button'

export const Route = createFileRoute('/app/settings')({
  component: SettingsRoute,
})

function SettingsRoute() {
  const user = useSessionStore((state) => state.user)
  const setUser = useSessionStore((state) => state.setUser)
  const router = useRouter()
  return (
    <SettingsPage
      theme={<ThemeSwitch />}
      engine={user?.role === 'user' ? <EngineSettingsForm /> : null}
      userId={user?.id ?? null}
      planLink={
        user?.role === 'user' ? (
          <Link to="/app" search={{ tab: 'subscription' }} className={buttonClass('secondary')}>
            See the plans on the Subscription tab
          </Link>
        ) : null
      }
      version={__APP_VERSION__}
      onAccountDeleted={() => {
        setUser(null)
        void router.navigate({ to: '/auth' })
      }}
    />
  )
}
