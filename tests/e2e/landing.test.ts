import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { baseUrl, screenshot, setupBrowser } from './support/browser'
import { beforeTheApp } from './support/first-paint'
import { readTable } from './support/indexeddb'
import { hidden, visible } from './support/wait'

const browser = setupBrowser()

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

async function open(path: string, options: Parameters<typeof browser.newContext>[0] = {}) {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await page.goto(path)
  await page.locator('main h1').waitFor()
  return { context, page }
}

/** Screenshots only once the display face has arrived, so they show the real page. */
async function settledScreenshot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
  await screenshot(page, name)
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

describe('landing page /', () => {
  it('has its sections, landmarks, one h1 and the legal disclaimer', async () => {
    const { context, page } = await open('/', { viewport: DESKTOP })
    for (const id of ['hero', 'about', 'services', 'features', 'contact'])
      expect(await page.locator(`section#${id}`).count()).toBe(1)
    expect(await page.locator('h1').count()).toBe(1)
    await visible(page.getByRole('banner'))
    await visible(page.getByRole('main'))
    await visible(page.getByRole('contentinfo'))
    await visible(page.getByRole('navigation', { name: 'Main' }))
    await visible(page.getByText('Letterhead is not a law firm and does not give legal advice.'))
    for (const type of ['Demand Letter', 'Cease and Desist', 'Corporate Document'])
      await visible(page.getByRole('heading', { name: type }))
    for (const figure of ['10,000+', '50,000+', '99.9%']) await visible(page.getByText(figure))
    await context.close()
  })

  it('scrolls to a section from the sticky nav', async () => {
    const { context, page } = await open('/', { viewport: DESKTOP })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Services' }).click()
    await page.waitForURL('**/#services')
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
    // Sticky: the header is still on screen, and the section starts just below it.
    await visible(page.getByRole('banner'))
    await expect
      .poll(() =>
        page.locator('#services').evaluate((section) => section.getBoundingClientRect().top),
      )
      .toBeLessThan(100)
    await nav.getByRole('link', { name: 'Contact' }).click()
    await page.waitForURL('**/#contact')
    await visible(page.getByRole('button', { name: 'Send Message' }))
    await context.close()
  })

  it('opens the mobile menu, closes it with Escape and when a link is chosen', async () => {
    const { context, page } = await open('/', { viewport: PHONE, hasTouch: true, isMobile: true })
    const header = page.getByRole('banner')
    const menu = header.getByRole('button', { name: /Menu/ })
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await visible(header.getByRole('link', { name: 'Get Started' }))
    await settledScreenshot(page, 'landing-menu-mobile')

    await page.keyboard.press('Escape')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await hidden(header.getByRole('link', { name: 'About' }))
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true)

    await menu.click()
    await header.getByRole('link', { name: 'About' }).click()
    await page.waitForURL('**/#about')
    expect(await menu.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300)

    await menu.click()
    await header.getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL('**/auth?tab=login')
    await context.close()
  })

  it('sends Sign In to Login and Get Started to Sign Up', async () => {
    const { context, page } = await open('/', { viewport: DESKTOP })
    await page.getByRole('link', { name: 'Sign In' }).click()
    await page.waitForURL('**/auth?tab=login')
    await page.goto('/')
    await page.getByRole('link', { name: 'Get Started' }).click()
    await page.waitForURL('**/auth?tab=signup')
    await context.close()
  })

  it('offers the dashboard instead of Sign In to someone signed in', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await signUp(page, newAccount('landing'))
    await expectDashboard(page, 'User')
    await page.goto('/')
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: /Menu/ }).click()
    await visible(header.getByRole('link', { name: 'Dashboard' }))
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    await header.getByRole('link', { name: 'Dashboard' }).click()
    await expectDashboard(page, 'User')
    await context.close()
  })

  it('lets clicks through the grain overlay and draws the cursor ring only for a fine pointer', async () => {
    const { context, page } = await open('/', { viewport: DESKTOP })
    const grain = page.locator('[data-grain]')
    expect(await grain.getAttribute('aria-hidden')).toBe('true')
    expect(await grain.evaluate((node) => getComputedStyle(node).pointerEvents)).toBe('none')
    const link = page.getByRole('link', { name: 'Sign In' })
    const box = await link.boundingBox()
    if (!box) throw new Error('Sign In link has no box')
    const x = box.x + box.width / 2
    const y = box.y + box.height / 2
    const hit = await page.evaluate(
      ([px, py]) => document.elementFromPoint(px, py)?.closest('a')?.textContent ?? null,
      [x, y] as const,
    )
    expect(hit).toBe('Sign In')

    await page.mouse.move(x, y)
    const ring = page.locator('[data-cursor]')
    await expect.poll(() => ring.getAttribute('data-visible')).toBe('true')
    expect(await ring.getAttribute('aria-hidden')).toBe('true')
    expect(await ring.evaluate((node) => getComputedStyle(node).pointerEvents)).toBe('none')
    await page.mouse.click(x, y)
    await page.waitForURL((url) => url.pathname === '/auth')
    await context.close()

    const calm = await open('/', { viewport: DESKTOP, reducedMotion: 'reduce' })
    expect(await calm.page.locator('[data-cursor]').count()).toBe(0)
    await calm.context.close()
  })

  it('stores a contact message, confirms it and clears the form; asks for empty fields', async () => {
    const { context, page } = await open('/#contact', { viewport: DESKTOP })
    const form = page.getByRole('form', { name: 'Contact' })
    await form.getByRole('button', { name: 'Send Message' }).click()
    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ])
      await visible(form.getByText(message))
    expect(await readTable(page, 'messages')).toHaveLength(0)

    await form.getByLabel('Name').fill('Ada Lovelace')
    await form.getByLabel('Email').fill('ada@example.com')
    await form.getByLabel('Subject').fill('Annual plan')
    await form.getByLabel('Message').fill('Does the annual plan renew by itself?')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await visible(page.getByText('Thank you — your message has been sent.'))
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('')
    expect(await form.getByLabel('Message').inputValue()).toBe('')
    const rows = await readTable(page, 'messages')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'Ada Lovelace', subject: 'Annual plan' })
    await context.close()
  })

  it('answers a Send tapped before the page’s script ran, with what was typed', async () => {
    const { context, page, release } = await beforeTheApp(browser, '/#contact', {
      viewport: DESKTOP,
    })
    const form = page.getByRole('form', { name: 'Contact' })
    await form.getByLabel('Name').fill('Ada Lovelace')
    await form.getByRole('button', { name: 'Send Message' }).click()
    expect(page.url()).toBe(`${baseUrl()}/#contact`)
    await release()
    await visible(form.getByText('Email is required'))
    expect(await form.getByText('Name is required').count()).toBe(0)
    expect(await form.getByLabel('Name').inputValue()).toBe('Ada Lovelace')
    expect(await readTable(page, 'messages')).toHaveLength(0)
    await context.close()
  })
})

describe('older landing /old', () => {
  it('has its sections and the catalogue prices', async () => {
    const { context, page } = await open('/old', { viewport: DESKTOP })
    for (const id of ['home', 'how-it-works', 'features', 'pricing'])
      expect(await page.locator(`section#${id}`).count()).toBe(1)
    expect(await page.locator('h1').count()).toBe(1)
    const prices = await page.locator('#pricing li > p.font-display').allTextContents()
    expect(prices).toEqual(['$299.00', '$299.00', '$599.00'])
    await visible(page.getByText('Most Popular'))
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .click()
    await page.waitForURL('**/old#pricing')
    await context.close()
  })
})

describe('both landing pages', () => {
  it('never scroll sideways, from 360 to 1440 px wide', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    for (const path of ['/', '/old']) {
      for (const width of [360, 390, 768, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await page.locator('main h1').waitFor()
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        )
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0)
      }
    }
    await context.close()
  })

  it('ask no other origin for anything', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const urls: string[] = []
    page.on('request', (request) => urls.push(request.url()))
    for (const path of ['/', '/old']) {
      await page.goto(path)
      await page.locator('main h1').waitFor()
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      await page.waitForLoadState('networkidle')
    }
    const origin = new URL(baseUrl()).origin
    const foreign = urls.filter(
      (url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin,
    )
    expect(foreign).toEqual([])
    expect(urls.some((url) => url.includes('/fonts/fraunces-latin-opsz-normal.woff2'))).toBe(true)
    await context.close()
  })

  it('look right on a phone and a desktop, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [label, viewport] of [
        ['mobile', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        for (const [name, path] of [
          ['landing', '/'],
          ['old-landing', '/old'],
        ] as const) {
          const { context, page } = await open(path, { viewport, colorScheme })
          await settledScreenshot(page, `${name}-${label}-${colorScheme}`)
          await context.close()
        }
      }
    }
  })
})
