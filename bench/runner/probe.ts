/**
 * Installed in every page before its own scripts (Playwright serialises it,
 * so it may use nothing from outside). It notes, in milliseconds since
 * navigation started, when each part of a screen is first in the DOM, and
 * keeps the paint timings: first contentful paint and the latest largest
 * contentful paint.
 */
export function installProbe(): void {
  const state: Window['letterheadProbe'] = { marks: {}, fcp: null, lcp: null }
  window.letterheadProbe = state
  const statValues = () => [...document.querySelectorAll('[role="group"] > p')]
  const parts = {
    shell: () => /Welcome/.test(document.querySelector('header h1')?.textContent ?? ''),
    rows: () => document.querySelector('main article') !== null,
    cards: () => {
      const values = statValues()
      return values.length >= 4 && values.every((value) => value.textContent !== '…')
    },
    table: () => document.querySelector('table tbody tr td') !== null,
  }
  const check = () => {
    const now = performance.now()
    for (const [part, shows] of Object.entries(parts))
      if (state.marks[part as keyof typeof parts] === undefined && shows())
        state.marks[part as keyof typeof parts] = now
  }
  new MutationObserver(check).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1)
    if (last) state.lcp = last.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
}
