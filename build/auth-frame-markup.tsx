import { renderToString } from 'react-dom/server'
import { RepositoryProvider } from '@/data/repository-context'
import { deferredRepository } from '@/data/deferred-repository'
import { AuthLayout } from '@/app/auth-layout'
import { AuthScreen } from '@/features/auth/auth-screen'
import type { AuthTab } from '@/features/auth/auth-tabs'
import { authFrameId } from '@/app/auth-frame'
import { frameMarkup } from './frame-markup'

/** The auth page's first-paint frame for one tab (decision 039): the page as the app draws it. */
export function renderAuthFrame(tab: AuthTab): string {
  const repository = deferredRepository(() =>
    Promise.reject(new Error('The auth page frame has no repository')),
  )
  const noop = () => undefined
  return frameMarkup(
    authFrameId(tab),
    renderToString(
      <RepositoryProvider repository={repository}>
        <AuthLayout>
          <AuthScreen tab={tab} onTabChange={noop} onSignedIn={noop} />
        </AuthLayout>
      </RepositoryProvider>,
    ),
  )
}
