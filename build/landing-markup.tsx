import { renderToString } from 'react-dom/server'
import { deferredRepository } from '@/data/deferred-repository'
import { handOverLink } from '@/app/landing/hand-over-link'
import { LandingRoot } from '@/app/landing/landing-root'

/** React hoists a preload for each image it renders; the favicon needs none, and #root must hold only the page. */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/

/**
 * The landing page's markup for a visitor, rendered by React's server renderer at build time for
 * index.html's #root (prerender.ts). Nothing here runs in the browser: the repository is
 * never called while rendering, and links are drawn as the landing page draws them, so hydration
 * finds the same markup.
 */
export function renderLanding(): string {
  const repository = deferredRepository(() =>
    Promise.reject(new Error('The prerendered landing page has no repository')),
  )
  const noop = () => undefined
  return renderToString(
    <LandingRoot
      repository={repository}
      renderLink={handOverLink({ preload: noop, enter: noop })}
    />,
  ).replace(HOISTED_LINKS, '')
}
