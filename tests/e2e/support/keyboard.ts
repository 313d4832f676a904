import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** What `focusProblem` says when focus is on no element (spelt out there too: it runs in the page). */
const NOTHING = 'nothing has focus'

/** What `describeFocus` says when focus is on no element, or outside the page. */
export const BODY = '(nothing: the page body or the browser)'

/** What has focus, as a screen reader would announce it: role and name, e.g. `button "Sign Out"`. */
export async function describeFocus(page: Page): Promise<string> {
  const tag = await page.evaluate(() => {
    const active = document.activeElement
    // Tab past the last element leaves the page for the browser's own controls.
    if (!document.hasFocus() || !active || active === document.body) return null
    return active.outerHTML.slice(0, 100)
  })
  if (tag === null) return BODY
  const snapshot = await page
    .locator('*:focus')
    .first()
    .ariaSnapshot({ timeout: 1_000 })
    .catch(() => '')
  const first = snapshot.split('\n')[0]?.replace(/^- /, '').replace(/:$/, '').trim()
  return first ? first.slice(0, 120) : tag
}

/** True when `target` (or one of the elements it matches) holds focus; never waits. */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((nodes) => nodes.some((node) => node === document.activeElement))
}

/**
 * Why the focused element's focus is not visible, or null when it is: it must
 * match :focus-visible, draw an outline (or a ring) and not sit under something
 * else on screen, such as a sticky header or an open menu.
 */
function focusProblem(): string | null {
  const active = document.activeElement
  if (!document.hasFocus() || !(active instanceof HTMLElement) || active === document.body)
    return 'nothing has focus'
  if (!active.matches(':focus-visible')) return 'it does not match :focus-visible'
  const style = getComputedStyle(active)
  const transparent = (color: string) =>
    color === 'transparent' || /rgba?\(.*,\s*0\)$/.test(color.replace(/\s/g, ' '))
  const outlined =
    style.outlineStyle !== 'none' &&
    parseFloat(style.outlineWidth) >= 1 &&
    !transparent(style.outlineColor)
  if (!outlined && !/\d+px \d+px \d+px [1-9]/.test(style.boxShadow))
    return `no outline or ring (outline: ${style.outline}; box-shadow: ${style.boxShadow})`
  const box = active.getBoundingClientRect()
  if (box.width < 1 || box.height < 1) return 'it has no size on screen'
  const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1)
  const y = Math.min(Math.max(box.top + Math.min(box.height, 20) / 2, 0), window.innerHeight - 1)
  const top = document.elementFromPoint(x, y)
  // A toast passes over for a few seconds and is not what hides focus for good.
  if (top?.closest('[data-sonner-toaster]')) return null
  if (top && top !== active && !active.contains(top) && !top.contains(active))
    return `it is covered by <${top.tagName.toLowerCase()} class="${top.className.toString().slice(0, 60)}">`
  return null
}

const scrollPosition = (page: Page) => page.evaluate(() => `${window.scrollX},${window.scrollY}`)

/**
 * `focusProblem` once the page has stopped moving, asked again for up to 2 s while smooth
 * scrolling brings focus into view. A scroll still under way is not settled even while focus
 * shows: the next key pressed mid-scroll would be judged against where the page then stops.
 */
async function settledFocusProblem(page: Page): Promise<string | null> {
  let problem: string | null = null
  let position = await scrollPosition(page)
  for (let attempt = 0; attempt < 20; attempt++) {
    problem = await page.evaluate(focusProblem)
    if (problem === NOTHING) return problem
    await page.waitForTimeout(100)
    const now = await scrollPosition(page)
    if (problem === null && now === position) return problem
    position = now
  }
  return problem
}

/** Fails the test unless the focused element shows that it has focus. */
export async function expectFocusVisible(page: Page): Promise<void> {
  const problem = await settledFocusProblem(page)
  expect(problem, `focus on ${await describeFocus(page)} is not visible`).toBeNull()
}

type TabOptions = {
  /** `Shift+Tab` walks backwards. */
  key?: 'Tab' | 'Shift+Tab'
  /** How many presses before giving up. */
  limit?: number
}

/**
 * Presses Tab until `target` has focus, checking at every stop that focus is
 * visible; fails listing every stop when the target is not reached.
 */
export async function tabTo(page: Page, target: Locator, options: TabOptions = {}): Promise<void> {
  const { key = 'Tab', limit = 40 } = options
  const stops: string[] = []
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press(key)
    const where = await describeFocus(page)
    stops.push(where)
    // Past the last element focus leaves the page before wrapping round;
    // a toast that closes under focus drops it on the body.
    const problem = await settledFocusProblem(page)
    if (problem === NOTHING) continue
    expect(problem, `focus on ${where} is not visible`).toBeNull()
    if (await hasFocus(target)) return
  }
  throw new Error(
    `${key} pressed ${limit} times without reaching ${target.toString()}; focus went to:\n  ${stops.join('\n  ')}`,
  )
}

/** Presses `key` once and fails unless `target` then has focus. */
export async function pressAndExpectFocus(page: Page, key: string, target: Locator): Promise<void> {
  await page.keyboard.press(key)
  expect(await hasFocus(target), `after ${key}, focus is on ${await describeFocus(page)}`).toBe(
    true,
  )
}
