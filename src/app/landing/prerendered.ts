/**
 * The build puts the landing page's markup in index.html's #root and marks
 * #root with this attribute (build/prerender.ts, decision 033).
 * Every page is served that index.html: the landing page hydrates the
 * markup, the app's other pages drop it (a first-paint rule in marketing.css
 * keeps it out of sight until they do).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

export function hasPrerenderedLanding(container: HTMLElement): boolean {
  return container.hasAttribute(PRERENDERED_ATTRIBUTE) && container.firstElementChild !== null
}

/** Set on #root once React has the prerendered page (hydrated it, or replaced it with the app's). */
export const LIVE_ATTRIBUTE = 'data-live'

export function markLive(container: HTMLElement): void {
  container.setAttribute(LIVE_ATTRIBUTE, '')
}

/**
 * Runs `then` once React has drawn into the container, in the task of that render, so what showed
 * before it (the prerendered landing page, a page's frame) and the app's page are never painted
 * together, nor neither. `drawn` says when the drawing counts: by default, once there is any; with
 * a test, the container's whole subtree is watched, for what arrives after the first render.
 */
export function onceDrawnInto(
  container: HTMLElement,
  then: () => void,
  drawn?: () => boolean,
): void {
  const observer = new MutationObserver(() => {
    if (!container.firstChild || (drawn && !drawn())) return
    observer.disconnect()
    then()
  })
  observer.observe(container, { childList: true, subtree: drawn !== undefined })
}

/** Marks the page live when React replaces the prerendered markup with the app's first render. */
export function markLiveOnceReplaced(container: HTMLElement): void {
  onceDrawnInto(container, () => markLive(container))
}

/** Removes the landing page's markup from a page that is not the landing page. */
export function dropPrerenderedLanding(container: HTMLElement): void {
  if (!container.hasAttribute(PRERENDERED_ATTRIBUTE)) return
  container.removeAttribute(PRERENDERED_ATTRIBUTE)
  container.replaceChildren()
}
