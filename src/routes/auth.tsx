import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { safeRedirect } from '@/app/router-context'
import { AuthCard } from '@/features/auth/auth-card'
import { AuthLayout } from '@/app/auth-layout'
import { AuthScreen } from '@/features/auth/auth-screen'
import {
  afterSignInHref,
  authSearchSchema,
  authTabOf,
  type AuthView,
} from '@/features/auth/auth-tabs'

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
    <AuthLayout>
      {search.view ? (
        <AuthCard>
          <Suspense fallback={<p className="text-sm text-ink-600 dark:text-ink-300">Loading…</p>}>
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
    </AuthLayout>
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
