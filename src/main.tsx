import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { AppErrorBoundary } from '@/app/app-error-boundary'
import { createAppRouter } from '@/app/router'
import { ThemeProvider } from '@/app/theme'
import { createDexieRepository } from '@/data/dexie-repository'
import { RepositoryProvider } from '@/data/repository-context'
import { restoreSession, watchSession } from '@/features/auth/session-store'
import './index.css'

async function boot(container: HTMLElement) {
  const repository = createDexieRepository()
  await restoreSession(repository)
  const router = createAppRouter(repository)
  watchSession(repository, () => void router.invalidate())

  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary repository={repository}>
        <RepositoryProvider repository={repository}>
          <ThemeProvider>
            <RouterProvider router={router} />
          </ThemeProvider>
        </RepositoryProvider>
      </AppErrorBoundary>
    </StrictMode>,
  )
}

const container = document.getElementById('root')
if (container) {
  boot(container).catch((error: unknown) => {
    // Storage could not open (a private window that refuses IndexedDB, a full disk): say so plainly.
    container.innerHTML =
      '<main style="font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem">' +
      '<h1>Letterhead could not start</h1>' +
      '<p>This browser would not open local storage, which Letterhead needs to keep your letters. ' +
      'Leave private browsing or free some disk space, then reload.</p></main>'
    console.error(error)
  })
}
