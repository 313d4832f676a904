import { StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { deferredRepository } from '@/data/deferred-repository'
import { RepositoryProvider } from '@/data/repository-context'
import { peekSignedIn } from '@/data/session-peek'
import { LandingPage } from '@/features/marketing/landing-page'
import { ServiceWorkerPrompts } from '@/pwa/service-worker-prompts'
import { AppLinkProvider } from '@/ui/app-link'
import { AppErrorBoundary } from '../app-error-boundary'
import { Brand } from '../brand'
import { DeferredToaster } from '../deferred-toaster'
import { SignedOutActions } from '../signed-out-actions'
import { ThemeProvider } from '../theme'
import { reportUnhandledRejections } from '../unhandled-rejections'
import { handOverLink } from './hand-over-link'

const loadApp = () => import('../start-app')

/**
 * The landing page for a visitor nobody is signed in as, without the router
 * or the database code: a first visit downloads only what this page needs
 * (docs/decisions/011-light-landing.md). Following one of its links, or
 * someone signing in from another tab, hands the page over to the app.
 */
export function startLanding(root: Root, container: HTMLElement) {
  const repository = deferredRepository(async () =>
    (await import('../open-repository')).openRepository(container),
  )
  const stopReporting = reportUnhandledRejections(repository)

  let handingOver: Promise<void> | undefined
  const enterApp = (enterAt?: string) =>
    (handingOver ??= (async () => {
      try {
        const { startApp } = await loadApp()
        stopReporting()
        document.removeEventListener('visibilitychange', followSignIn)
        await startApp(root, container, { handOver: { enterAt } })
      } catch (error) {
        // The app's code could not be fetched or could not start: let the browser load the page,
        // which shows the app or says plainly what is wrong.
        console.error(error)
        if (enterAt) window.location.assign(enterAt)
        else window.location.reload()
      }
    })())

  // Signing in happens in the app, so on this page only another tab can do it.
  function followSignIn() {
    if (document.visibilityState !== 'visible') return
    void peekSignedIn().then((signedIn) => {
      if (signedIn) void enterApp()
    })
  }
  document.addEventListener('visibilitychange', followSignIn)

  const renderHandOverLink = handOverLink({
    preload: () => void loadApp(),
    enter: (to) => void enterApp(to),
  })

  root.render(
    <StrictMode>
      <AppErrorBoundary repository={repository}>
        <RepositoryProvider repository={repository}>
          <ThemeProvider followSettings={false}>
            <AppLinkProvider value={renderHandOverLink}>
              <LandingPage brand={<Brand />} actions={<SignedOutActions />} />
              <DeferredToaster />
              <ServiceWorkerPrompts />
            </AppLinkProvider>
          </ThemeProvider>
        </RepositoryProvider>
      </AppErrorBoundary>
    </StrictMode>,
  )
}
