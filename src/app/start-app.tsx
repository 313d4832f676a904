import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import type { Root } from 'react-dom/client'
import { RepositoryProvider } from '@/data/repository-context'
import { restoreSession, useSessionStore, watchSession } from '@/features/auth/session-store'
import { AppLinkProvider } from '@/ui/app-link'
import { AppErrorBoundary } from './app-error-boundary'
import { forgetDashboard } from './dashboard-frame'
import { openRepository } from './open-repository'
import { focusPageStart } from './page-focus'
import { createAppRouter } from './router'
import { renderRouterLink } from './router-app-link'
import { ThemeProvider } from './theme'
import { reportUnhandledRejections } from './unhandled-rejections'
import { yieldToMain } from '@/lib/yield-to-main'

type StartOptions = {
  /**
   * The landing page is handing over: render once the page is loaded, at
   * `enterAt` if given (a link was followed), so nothing blank shows between.
   */
  handOver?: { enterAt?: string }
}

/** Opens the data, restores the session and mounts the router. Rejects when storage cannot open. */
export async function startApp(
  root: Root,
  container: HTMLElement,
  { handOver }: StartOptions = {},
) {
  const repository = openRepository(container)
  reportUnhandledRejections(repository)
  // Declaring the database's versions takes a task of its own on a slow phone (decision 041).
  await yieldToMain()
  // The dashboard's frame draws a user's dashboard: signing out, or anyone else, forgets it.
  useSessionStore.subscribe(({ user }) => {
    if (user?.role !== 'user') forgetDashboard()
  })
  await restoreSession(repository)
  const router = createAppRouter(repository)
  watchSession(repository, () => void router.invalidate())
  if (handOver?.enterAt) {
    // An href, so the search a link carried (the auth tab, a chosen plan) arrives too.
    await router.navigate({ href: handOver.enterAt })
    // A followed link is a move to another page, though the router's first (decision 015).
    const stop = router.subscribe('onRendered', () => {
      stop()
      focusPageStart()
    })
  } else if (handOver) await router.load()

  const app = (
    <StrictMode>
      <AppErrorBoundary repository={repository}>
        <RepositoryProvider repository={repository}>
          <ThemeProvider>
            <AppLinkProvider value={renderRouterLink}>
              <RouterProvider router={router} />
            </AppLinkProvider>
          </ThemeProvider>
        </RepositoryProvider>
      </AppErrorBoundary>
    </StrictMode>
  )
  // Over a page already painted (the landing page or the auth page's frame), React draws the app in
  // short slices, so the page stays free to answer while it does.
  if (handOver) startTransition(() => root.render(app))
  else root.render(app)
  // Server mode syncs whoever is signed in, from now on; device-only mode has nothing to start.
  void repository.sync.start().catch((error: unknown) => console.warn(error))
  // The app opened from the device; the server's word on the session follows when it can be had.
  void repository.auth.confirmSession().catch((error: unknown) => console.warn(error))
}
