import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { toast } from 'sonner'
import { AppErrorBoundary } from '@/app/app-error-boundary'
import { createAppRouter } from '@/app/router'
import { reportUnhandledRejections } from '@/app/unhandled-rejections'
import { ThemeProvider } from '@/app/theme'
import { createDexieRepository } from '@/data/dexie-repository'
import { RepositoryProvider } from '@/data/repository-context'
import { restoreSession, watchSession } from '@/features/auth/session-store'
import './index.css'

const plainMessage = (title: string, text: string) =>
  '<main class="mx-auto my-16 max-w-lg px-4 font-sans">' +
  `<h1 class="mb-3 text-2xl font-semibold">${title}</h1><p>${text}</p></main>`

async function boot(container: HTMLElement) {
  const repository = createDexieRepository({
    events: {
      // Shown until the other tabs close; React replaces it when the upgrade goes through.
      onBlocked: () => {
        container.innerHTML = plainMessage(
          'Close other Letterhead tabs',
          'Letterhead needs to update how it stores your letters, and another open tab is using the old version. Close the other Letterhead tabs and this one will continue by itself.',
        )
      },
      onVersionChange: () => {
        toast('Letterhead was updated in another tab. Reload this tab to keep working.', {
          id: 'version-change',
          duration: Infinity,
          action: { label: 'Reload', onClick: () => window.location.reload() },
        })
      },
    },
  })
  reportUnhandledRejections(repository)
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
    container.innerHTML = plainMessage(
      'Letterhead could not start',
      'This browser would not open local storage, which Letterhead needs to keep your letters. Leave private browsing or free some disk space, then reload.',
    )
    console.error(error)
  })
}
