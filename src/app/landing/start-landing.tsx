import { type ReactNode, startTransition } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { deferredRepository } from '@/data/deferred-repository'
import { peekSignedIn } from '@/data/session-peek'
import { ServiceWorkerPrompts } from '@/pwa/service-worker-prompts'
import { DeferredToaster } from '../deferred-toaster'
import { reportUnhandledRejections } from '../unhandled-rejections'
import { handOverLink } from './hand-over-link'
import { LandingRoot } from './landing-root'
import { hasPrerenderedLanding, markLive } from './prerendered'

const loadApp = () => import('../start-app')

/**
 * The landing page for a visitor nobody is signed in as, without the router
 * or the database code: a first visit downloads only what this page needs
 * (docs/decisions/011-light-landing.md). The build has already put its markup
 * in index.html, which this hydrates, in slices that leave the page free to
 * answer (decision 033). Following one of its links, or someone signing in
 * from another tab, hands the page over to the app.
 */
export function startLanding(container: HTMLElement): Root {
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

  const tree = (
    <LandingRoot
      repository={repository}
      renderLink={renderHandOverLink}
      browserOnly={
        <>
          <DeferredToaster />
          <ServiceWorkerPrompts />
        </>
      }
    />
  )
  const root = hasPrerenderedLanding(container)
    ? hydrateInSlices(container, tree)
    : renderFresh(container, tree)
  // React listens from here on (a tap while it hydrates is replayed): the header's controls show.
  markLive(container)
  return root
}

/** Without the build's markup (the dev server), the landing page renders as any React root. */
function renderFresh(container: HTMLElement, tree: ReactNode): Root {
  const root = createRoot(container)
  root.render(tree)
  return root
}

/** Hydrates as a transition, so React works in short slices and the page stays free to answer. */
function hydrateInSlices(container: HTMLElement, tree: ReactNode): Root {
  const made: { root?: Root } = {}
  startTransition(() => {
    made.root = hydrateRoot(container, tree)
  })
  if (!made.root) throw new Error('The landing page could not be hydrated')
  return made.root
}
