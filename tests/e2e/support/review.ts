import axe from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { screenshot } from './browser'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 800 }

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const
const THEMES = ['light', 'dark'] as const

/**
 * axe-core's findings of any impact on the page as it is now. axe is
 * evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern, so the policy stays as strict as in use.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.evaluate(axe.source)
  const violations = await page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe
    const results = await engine.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      resultTypes: ['violations'],
    })
    return results.violations
  })
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => JSON.stringify(node.target))
        .join(', ')}`,
  )
}

/**
 * Lets layout, fonts and transitions finish so a screenshot shows the real
 * screen and axe judges colours at full opacity, not a toast halfway in.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  })
  await page.waitForTimeout(250)
  // A change of size moves the toasts (top-right on a desktop, bottom on a phone): they enter
  // again, and one may be on its way out. Wait until each is in place and none is leaving.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-sonner-toast]')].every(
          (toast) =>
            toast.getAttribute('data-mounted') === 'true' &&
            toast.getAttribute('data-removed') !== 'true',
        ),
      null,
      { timeout: 5_000 },
    )
    .catch(() => undefined)
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

/**
 * Looks at the screen as it is now on a phone and a desktop, in the light and
 * dark themes: saves a screenshot of each (`screens/<name>-<size>-<theme>`)
 * and returns every accessibility finding, of any impact, in any of them.
 * The page is left at its original size and theme.
 */
export async function reviewScreen(page: Page, name: string): Promise<string[]> {
  const original = page.viewportSize()
  const findings: string[] = []
  for (const theme of THEMES) {
    // Without motion, toasts are at full opacity at once, so axe judges the colours they end with.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' })
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport)
      await settle(page)
      await screenshot(page, `screens/${name}-${size}-${theme}`)
      for (const finding of await axeViolations(page))
        findings.push(`${name} ${size} ${theme}: ${finding}`)
    }
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'no-preference' })
  if (original) await page.setViewportSize(original)
  return findings
}

/** Reviews screen after screen, then expects that none had a finding, listing them all if any did. */
export function screenReviewer(page: Page) {
  const findings: string[] = []
  return {
    review: async (name: string) => {
      findings.push(...(await reviewScreen(page, name)))
    },
    expectAccessible: () => expect(findings, 'axe findings').toEqual([]),
  }
}
