import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { Brand } from '@/app/brand'
import { safeRedirect } from '@/app/router-context'
import { ThemeSwitch } from '@/app/theme-switch'
import { AuthCard } from '@/features/auth/auth-card'
import { AuthScreen } from '@/features/auth/auth-screen'
import {
  afterSignInHref,
  authSearchSchema,
  authTabOf,
  type AuthView,
} from '@/features/auth/auth-tabs'
import { ImportBackupButton } from '@/features/settings/backup-controls'

// Forgot password? and reset links are rare visits: signing in does not load them.
const PasswordResetView = lazy(async () => ({
  default: (await import('@/features/auth/password-reset-view')).PasswordResetView,
}))

export const Route = createFileRoute('/auth')({
  validateSearch: authSearchSchema,
  beforeLoad: ({ context, search }) => {
    // A reset link opens even on a device where someone is signed in: it is about another moment.
    if (context.currentUser() && search.view !== 'reset') {
      throw redirect({ href: afterSignInHref(search, safeRedirect) })
    }
  },
  component: AuthRoute,
})

function AuthRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <ThemeSwitch />
      </header>
      <main
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 outline-none sm:items-center"
      >
        <div className="flex w-full max-w-md flex-col gap-4">
          {search.view ? (
            <AuthCard>
              <Suspense
                fallback={<p className="text-sm text-ink-600 dark:text-ink-300">Loading…</p>}
              >
                <ResetViewOfRoute view={search.view} />
              </Suspense>
            </AuthCard>
          ) : (
            <AuthScreen
              tab={authTabOf(search)}
              // Replace, not push: switching tabs is not a page Back should step through.
              onTabChange={(tab) =>
                void navigate({ search: (prev) => ({ ...prev, tab }), replace: true })
              }
              onSignedIn={() => router.history.push(afterSignInHref(search, safeRedirect))}
            />
          )}
          <section
            aria-labelledby="restore-heading"
            className="rounded-xl border border-dashed border-ink-200 p-4 text-sm dark:border-ink-700"
          >
            <h2 id="restore-heading" className="font-sans text-sm font-semibold">
              Moving to this device?
            </h2>
            <p className="mb-3 mt-1 text-ink-600 dark:text-ink-300">
              Restore a Letterhead backup to bring your accounts and letters with you.
            </p>
            <ImportBackupButton />
          </section>
        </div>
      </main>
    </div>
  )
}

/** The password-reset views with this route's navigation. */
function ResetViewOfRoute({ view }: { view: AuthView }) {
  const navigate = Route.useNavigate()
  const fragment = useLocation({ select: (location) => location.hash })
  return (
    <PasswordResetView
      view={view}
      fragment={fragment}
      onTab={(tab) => void navigate({ search: { tab } })}
      onForgot={() => void navigate({ search: { view: 'forgot' } })}
      // The spent token leaves the address bar and this entry of the history.
      onPasswordSet={() => void navigate({ search: { view: 'reset' }, hash: '', replace: true })}
    />
  )
}
