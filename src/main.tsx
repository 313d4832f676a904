import { createRoot } from 'react-dom/client'
import { dropAuthFrameOnceReplaced, dropAuthFrames, shownAuthFrame } from '@/app/auth-frame'
import {
  dropDashboardFrame,
  dropDashboardFrameOnceDrawn,
  shownDashboardFrame,
} from '@/app/dashboard-frame'
import {
  dropPrerenderedLanding,
  hasPrerenderedLanding,
  markLiveOnceReplaced,
} from '@/app/landing/prerendered'
import { plainMessage } from '@/app/plain-message'
import { peekSignedIn } from '@/data/session-peek'
import { yieldToMain } from '@/lib/yield-to-main'
import './index.css'

/**
 * Modules of the app evaluated before the rest, each in a task of its own (decision 041): zod's
 * schemas are built as their modules load, the letter details' most of all.
 */
const APP_STAGES: (() => Promise<unknown>)[] = [
  () => import('@/domain/contact-schema'),
  () => import('@/domain/letter-details'),
]

/** Fetching the app's code failed, as opposed to the app failing to start. */
class LoadFailed extends Error {}

const load = <T,>(module: Promise<T>) =>
  module.catch((error: unknown) => {
    throw new LoadFailed('Could not load Letterhead', { cause: error })
  })

/**
 * The landing page loads on its own for visitors nobody is signed in as
 * (docs/decisions/011-light-landing.md), over the markup the build put in
 * index.html (decision 033); every other page, and the landing page for
 * someone signed in, starts the whole app; on the auth page, over the frame the
 * build drew of it (decision 039).
 */
async function start(container: HTMLElement) {
  const atLanding = window.location.pathname === '/'
  // The auth page's frame, when it shows, stays until the app draws the page (decision 039).
  // theme-init.js removed the others as the page was parsed; any it could not see go here.
  const frame = shownAuthFrame()
  dropAuthFrames(frame)
  if (frame) dropAuthFrameOnceReplaced(container, frame)
  // So does the dashboard's, until the app has drawn the dashboard, form and all (decision 040).
  const dashboardFrame = shownDashboardFrame()
  if (dashboardFrame) dropDashboardFrameOnceDrawn(container)
  else dropDashboardFrame()
  if (!atLanding) dropPrerenderedLanding(container)
  if (atLanding) {
    const landing = load(import('@/app/landing/start-landing'))
    if (!(await peekSignedIn())) {
      ;(await landing).startLanding(container)
      return
    }
    landing.catch(() => undefined)
  }
  // The app's start comes in steps, each its own task, so none holds the page for long (decision
  // 041): loading its modules (the preload links for them are many), evaluating them, starting.
  for (const stage of APP_STAGES) {
    await yieldToMain()
    await load(stage())
  }
  await yieldToMain()
  const { startApp } = await load(import('@/app/start-app'))
  await yieldToMain()
  // The prerendered landing page stays in view until the app has its page ready, never a blank between.
  const prerendered = atLanding && hasPrerenderedLanding(container)
  if (prerendered) markLiveOnceReplaced(container)
  await startApp(
    createRoot(container),
    container,
    prerendered || frame || dashboardFrame ? { handOver: {} } : {},
  )
}

const container = document.getElementById('root')
if (container) {
  // The display face (Fraunces) is asked for only now, after the first frame (the built index.html
  // starts this script then): marketing.css names it under data-fonts.
  document.documentElement.dataset.fonts = ''
  start(container).catch((error: unknown) => {
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
