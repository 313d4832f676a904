import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { BrowserContext, Page, Response } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type MockOpenAiServer, startMockOpenAiServer } from '../../support/mock-openai-server'
import { type Account, expectDashboard, newAccount, signIn, signUp } from '../support/accounts'
import { buyPlan } from '../support/billing'
import { ARTIFACTS, screenshot, setupBrowser } from '../support/browser'
import { readTable } from '../support/indexeddb'
import { setupLetterheadServer } from '../support/letterhead-server'
import { generateLetter, SAMPLE_ANSWERS, waitForGenerated } from '../support/letters'
import { DESKTOP, PHONE } from '../support/review'
import { visible } from '../support/wait'

/**
 * AI through the server (DESIGN.md §9, decision 031), in Chromium: the
 * Letterhead server writes letters with a model it is configured with (a
 * local OpenAI-compatible mock over real HTTP); the key stays on the server.
 */

const MODEL = 'mock-letter-model'
const API_KEY = 'sk-server-only-e2e-9f3b27c1d4'
const SIGNATURE = 'Written by the server model.'

let mock: MockOpenAiServer
beforeAll(async () => {
  mock = await startMockOpenAiServer({ fallback: { kind: 'letter', signature: SIGNATURE } })
})
afterAll(() => mock.close())
beforeEach(() => mock.reset())

const browser = setupBrowser()
// One generation at a time, so a second letter waits in line. The model may hold a letter's first
// word as long as a letter may take at all (120 s), so a slow machine never ends the held one early.
const server = setupLetterheadServer(4395, () => ({
  AI_BASE_URL: mock.baseUrl,
  AI_MODEL: MODEL,
  AI_API_KEY: API_KEY,
  AI_CONCURRENCY: '1',
  AI_FIRST_TOKEN_TIMEOUT_MS: '120000',
}))

type Device = { context: BrowserContext; page: Page; responses: Response[] }

async function device(viewport = DESKTOP): Promise<Device> {
  const context = await browser.newContext({ baseURL: server.url(), viewport })
  const page = await context.newPage()
  const responses: Response[] = []
  page.on('response', (response) => responses.push(response))
  return { context, page, responses }
}

/** A new customer with Annual 4 Letters, on the dashboard. */
async function customer(
  prefix: string,
  viewport = DESKTOP,
): Promise<Device & { account: Account }> {
  const d = await device(viewport)
  const account = newAccount(prefix)
  await signUp(d.page, account)
  await expectDashboard(d.page, 'User')
  await buyPlan(d.page, 'Annual 4 Letters')
  return { ...d, account }
}

/** The Subscription tab's count, from wherever the page is (a letter's page has no tabs). */
async function lettersLeft(page: Page): Promise<string> {
  await page.goto('/app?tab=subscription')
  return (await page.getByTestId('letters-left').textContent())?.trim() ?? ''
}

/** What the account looks like from a device that has never seen it: the server's own record. */
async function seenFromANewDevice(account: Account) {
  const fresh = await device()
  await signIn(fresh.page, account.email, account.password)
  await expectDashboard(fresh.page, 'User')
  await visible(fresh.page.getByRole('banner').getByRole('status').filter({ hasText: 'Synced' }))
  const letters = await readTable(fresh.page, 'letters')
  const left = await lettersLeft(fresh.page)
  await fresh.context.close()
  return { letters, left }
}

const overlay = (page: Page) => page.getByRole('dialog')

/** The screen as the person sees it (the overlay is fixed: a full-page shot would shrink it). */
async function overlayShot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true })
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png` })
}

describe("letters written by the server's AI model", () => {
  it('streams into the overlay and opens written by the model; the key reaches no page', async () => {
    const { page, context, responses, account } = await customer('server-ai-writer')

    // Nothing chosen: Settings starts on the server's model, named beneath its choice.
    await page.getByRole('button', { name: 'Settings' }).click()
    const serverChoice = page.getByRole('radio', { name: 'AI model (server)' })
    await visible(serverChoice)
    expect(await serverChoice.isChecked()).toBe(true)
    await visible(page.getByText(`${MODEL}, run by your Letterhead server`))
    await visible(page.getByRole('radio', { name: 'Built-in (works offline)' }))
    await visible(page.getByRole('radio', { name: 'AI model (OpenAI-compatible)' }))
    await screenshot(page, 'ai-server-settings')
    await page.getByRole('link', { name: 'Back to Dashboard' }).click()
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()

    mock.queue({ kind: 'letter', signature: SIGNATURE, delayMs: 60 })
    await generateLetter(page)
    const soFar = overlay(page).getByRole('region', { name: 'Letter so far' })
    await visible(soFar.getByText(`Dear ${SAMPLE_ANSWERS.recipientName}:`, { exact: false }))
    await visible(overlay(page).getByText('Step 2 of 4: Under Attorney Review'))
    await overlayShot(page, 'ai-server-overlay-streaming-desktop')
    await waitForGenerated(page)

    // The letter opens on its page, written by the server's model.
    await visible(page.getByRole('region', { name: 'Letter' }).getByText(SIGNATURE))
    await visible(page.getByText(`drafted by the server's AI model (${MODEL})`, { exact: false }))
    await screenshot(page, 'ai-server-letter')
    const [letter, ...others] = await readTable(page, 'letters')
    expect(others).toEqual([])
    expect(letter).toMatchObject({ status: 'completed', generator: `server-ai:${MODEL}` })
    expect(await lettersLeft(page)).toBe('3')

    // The server asked the model with its key, once; the device never did.
    expect(mock.chats()).toHaveLength(1)
    expect(mock.requests.find((r) => r.method === 'POST')?.authorization).toBe(`Bearer ${API_KEY}`)
    const stored = await seenFromANewDevice(account)
    expect(stored.left).toBe('3')
    expect(stored.letters).toEqual([
      expect.objectContaining({ status: 'completed', generator: `server-ai:${MODEL}` }),
    ])

    // No answer the page saw, the app's own files included, holds the key or the model's address.
    // The sync pokes (`/api/sync/events`) never end and carry only the word "pull"; the rest have.
    const finished = responses.filter((response) => !response.url().endsWith('/api/sync/events'))
    const bodies = await Promise.all(
      finished.map(async (response) => ({
        url: response.url(),
        text: await response.text().catch(() => ''),
      })),
    )
    expect(bodies.some(({ url }) => url.endsWith('/api/ai/generate'))).toBe(true)
    expect(bodies.some(({ url }) => url.endsWith('.js'))).toBe(true)
    for (const { url, text } of bodies) {
      expect(text.includes(API_KEY), url).toBe(false)
      expect(text.includes(mock.baseUrl), url).toBe(false)
    }
    const dist = resolve(process.env.E2E_OUT_DIR ?? 'dist', 'assets')
    for (const file of readdirSync(dist))
      expect(readFileSync(join(dist, file)).includes(API_KEY), file).toBe(false)
    await context.close()
  })

  it('shows the place in line while another letter is written, on a desktop and a phone', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    mock.queue({ kind: 'gated', gate, then: { kind: 'letter', signature: SIGNATURE } })

    // Everyone is ready before the first letter starts: the model holds that letter only while
    // the others line up, well within the server's wait for a first word.
    const first = await customer('server-ai-first')
    const waiting = [await customer('server-ai-desktop'), await customer('server-ai-phone', PHONE)]

    // The first customer's letter takes the only slot and holds it.
    await generateLetter(first.page)
    await visible(overlay(first.page).getByText('Step 2 of 4: Under Attorney Review'))
    await expect.poll(() => mock.chats().length).toBe(1)

    for (const [index, next] of waiting.entries()) {
      await generateLetter(next.page)
      const line = overlay(next.page).getByRole('status').filter({ hasText: 'In the queue' })
      await visible(line.filter({ hasText: `In the queue: position ${index + 1}` }))
      await overlayShot(next.page, `ai-server-overlay-queued-${index === 0 ? 'desktop' : 'phone'}`)
    }
    expect(mock.chats()).toHaveLength(1)

    release()
    for (const next of [first, ...waiting]) {
      await waitForGenerated(next.page)
      const [letter] = await readTable(next.page, 'letters')
      expect(letter).toMatchObject({ status: 'completed', generator: `server-ai:${MODEL}` })
      await next.context.close()
    }
    expect(mock.chats()).toHaveLength(3)
  })

  it('drafts with the built-in composer when the model fails, and charges the letter once', async () => {
    const { page, context, account } = await customer('server-ai-fallback')
    mock.queue({ kind: 'status', status: 500, message: 'The model crashed' })
    await generateLetter(page)
    await visible(page.getByText('AI unavailable — drafted with the built-in engine'))
    await screenshot(page, 'ai-server-fallback-toast')
    await waitForGenerated(page)

    await visible(page.getByText('drafted by the built-in engine', { exact: false }))
    const [letter, ...others] = await readTable(page, 'letters')
    expect(others).toEqual([])
    expect(letter).toMatchObject({ status: 'completed', generator: 'built-in' })
    expect(String(letter?.content)).toContain(`Dear ${SAMPLE_ANSWERS.recipientName}:`)
    expect(await lettersLeft(page)).toBe('3')
    const stored = await seenFromANewDevice(account)
    expect(stored.left).toBe('3')
    expect(stored.letters).toEqual([
      expect.objectContaining({ id: letter?.id, status: 'completed', generator: 'built-in' }),
    ])
    await context.close()
  })

  it('cancels while the letter streams, on a phone: no letter, and the credit is back', async () => {
    const { page, context, account } = await customer('server-ai-cancel', PHONE)
    mock.queue({ kind: 'letter', delayMs: 250 })
    await generateLetter(page)
    const soFar = overlay(page).getByRole('region', { name: 'Letter so far' })
    await visible(soFar.getByText(`Dear ${SAMPLE_ANSWERS.recipientName}:`, { exact: false }))
    await overlayShot(page, 'ai-server-overlay-streaming-phone')
    await overlay(page).getByRole('button', { name: 'Cancel' }).click()
    await visible(page.getByText('Letter cancelled. Your letter credit was returned.'))
    await overlay(page).waitFor({ state: 'detached' })

    // The server stopped asking the model.
    await expect.poll(() => mock.requests.find((r) => r.method === 'POST')?.closedAt).toBeDefined()
    const [letter] = await readTable(page, 'letters')
    expect(letter).toMatchObject({ status: 'failed' })
    expect(await lettersLeft(page)).toBe('4')
    const stored = await seenFromANewDevice(account)
    expect(stored.left).toBe('4')
    expect(stored.letters).toEqual([expect.objectContaining({ status: 'failed' })])
    await context.close()
  })
})
