import { createRoot, type Root } from 'react-dom/client'
import { plainMessage } from '@/app/plain-message'
import { peekSignedIn } from '@/data/session-peek'
import './index.css'

/** Fetching the app's code failed, as opposed to the app failing to start. */
class LoadFailed extends Error {}

const load = <T,>(module: Promise<T>) =>
  module.catch((error: unknown) => {
    throw new LoadFailed('Could not load Letterhead', { cause: error })
  })

/**
 * The landing page loads on its own for visitors nobody is signed in as
 * (docs/decisions/011-light-landing.md); every other page, and the landing
 * page for someone signed in, starts the whole app.
 */
async function start(root: Root, container: HTMLElement) {
  if (window.location.pathname === '/') {
    const landing = load(import('@/app/landing/start-landing'))
    if (!(await peekSignedIn())) {
      ;(await landing).startLanding(root, container)
      return
    }
    landing.catch(() => undefined)
  }
  const { startApp } = await load(import('@/app/start-app'))
  await startApp(root, container)
}

const container = document.getElementById('root')
if (container) {
  start(createRoot(container), container).catch((error: unknown) => {
    container.innerHTML =
      error instanceof LoadFailed
        ? plainMessage(
            'Letterhead could not load',
            'Part of Letterhead could not be downloaded. Check your connection, then reload.',
          )
        : // Storage could not open (a private window that refuses IndexedDB, a full disk): say so plainly.
          plainMessage(
            'Letterhead could not start',
            'This browser would not open local storage, which Letterhead needs to keep your letters. Leave private browsing or free some disk space, then reload.',
          )
    console.error(error)
  })
}
