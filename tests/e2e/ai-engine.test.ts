import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  letterData,
  type MockOpenAiServer,
  startMockOpenAiServer,
} from '../support/mock-openai-server'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { chooseAiEngine } from './support/ai-engine'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { backdateLetter, readTable } from './support/indexeddb'
import { SAMPLE_ANSWERS, generateLetter, waitForGenerated } from './support/letters'
import { visible } from './support/wait'

const MODEL = 'mock-letter-model'
const API_KEY = 'sk-e2e-test-key'
const SIGNATURE = 'Written by the streaming model.'

const browser = setupBrowser()
let server: MockOpenAiServer

beforeAll(async () => {
  server = await startMockOpenAiServer({ fallback: { kind: 'letter', signature: SIGNATURE } })
})
afterAll(() => server.close())
beforeEach(() => server.reset())

async function signedInWithAiEngine(page: Page, prefix: string, baseUrl = server.baseUrl) {
  await signUp(page, newAccount(prefix))
  await expectDashboard(page, 'User')
  await buyPlan(page)
  await chooseAiEngine(page, baseUrl, MODEL, API_KEY)
}

describe('AI letter engine', () => {
  it('is set up in Settings and writes the letter as it streams', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signedInWithAiEngine(page, 'ai-writer')
    server.queue({ kind: 'letter', signature: SIGNATURE, delayMs: 25 })

    await generateLetter(page)
    const soFar = page.getByRole('dialog').getByRole('region', { name: 'Letter so far' })
    await visible(soFar.getByText('Dear Łukasz Żółć:', { exact: false }))
    await screenshot(page, 'overlay-streaming')
    await waitForGenerated(page)

    const [letter, ...others] = await readTable(page, 'letters')
    expect(others).toEqual([])
    expect(letter).toMatchObject({ status: 'completed', generator: `openai-compatible:${MODEL}` })
    expect(String(letter?.content)).toContain(SIGNATURE)

    const [chat, ...more] = server.chats()
    expect(more).toEqual([])
    expect(chat).toMatchObject({ model: MODEL, stream: true })
    expect(server.requests.find((r) => r.method === 'POST')?.authorization).toBe(
      `Bearer ${API_KEY}`,
    )
    expect(chat && letterData(chat)).toMatchObject({
      matter: SAMPLE_ANSWERS.matter,
      recipientName: SAMPLE_ANSWERS.recipientName,
      responseDeadline: expect.stringMatching(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/),
    })

    // The written letter is already open on its page.
    await visible(page.getByText(SIGNATURE, { exact: false }))
    await visible(
      page.getByText(`drafted by AI model ${MODEL} (OpenAI-compatible)`, { exact: false }),
    )
    await screenshot(page, 'letter-view-ai')
    await context.close()
  })

  it('cancels a letter while it streams and returns its credit, on a phone', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    await signedInWithAiEngine(page, 'ai-cancel')
    server.queue({ kind: 'letter', delayMs: 200 })

    await generateLetter(page)
    const dialog = page.getByRole('dialog')
    const soFar = dialog.getByRole('region', { name: 'Letter so far' })
    await visible(soFar.getByText('Dear Łukasz Żółć:', { exact: false }))
    await screenshot(page, 'overlay-streaming-phone')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await visible(page.getByText('Letter cancelled. Your letter credit was returned.'))
    await dialog.waitFor({ state: 'detached' })

    const [letter] = await readTable(page, 'letters')
    expect(letter).toMatchObject({ status: 'failed', error: 'Cancelled before it was finished.' })
    // The credit is back: the letter no longer draws on any plan.
    expect(letter?.subscriptionId).toBeUndefined()
    expect(await page.getByLabel('Matter/Subject').inputValue()).toBe(SAMPLE_ANSWERS.matter)
    expect(server.chats()).toHaveLength(1)
    await context.close()
  })

  it('drafts with the built-in engine when the endpoint is gone, and says so', async () => {
    const gone = await startMockOpenAiServer()
    const context = await browser.newContext()
    const page = await context.newPage()
    await signedInWithAiEngine(page, 'ai-fallback', gone.baseUrl)
    await gone.close()

    await generateLetter(page)
    await visible(page.getByText('AI unavailable — drafted with the built-in engine'))
    await waitForGenerated(page)
    await screenshot(page, 'ai-fallback-toast')

    const [letter] = await readTable(page, 'letters')
    expect(letter).toMatchObject({ status: 'completed', generator: 'built-in' })
    expect(String(letter?.content)).toContain(`Dear ${SAMPLE_ANSWERS.recipientName}:`)
    // The written letter is already open on its page.
    await visible(page.getByText('drafted by the built-in engine', { exact: false }))
    await context.close()
  })

  it('fails a letter left half-written by a closed tab, returning its credit', async () => {
    const context = await browser.newContext()
    const writer = await context.newPage()
    await signedInWithAiEngine(writer, 'ai-interrupted')
    server.queue({ kind: 'stall' })
    await generateLetter(writer)
    await visible(writer.getByRole('dialog').getByRole('region', { name: 'Letter so far' }))
    const [letter] = await readTable(writer, 'letters')
    const lockName = `letterhead:writing-letter:${String(letter?.id)}`
    const heldLocks = (page: Page) =>
      page.evaluate(async () => (await navigator.locks.query()).held?.map((lock) => lock.name))

    // While the writing tab is open, another tab sees the letter's lock and leaves it alone.
    const other = await context.newPage()
    await other.goto('/app')
    await other.getByRole('heading', { name: /Welcome/ }).waitFor()
    expect(await heldLocks(other)).toContain(lockName)
    await writer.close()
    await expect.poll(() => heldLocks(other)).not.toContain(lockName)

    // Once it is past the grace period, the next visit to the dashboard fails it.
    await backdateLetter(other, String(letter?.id), 60_000)
    await other.reload()
    await visible(
      other.getByText('A letter was interrupted before it was finished.', { exact: false }),
    )
    const [after] = await readTable(other, 'letters')
    expect(after).toMatchObject({ status: 'failed', subscriptionId: undefined })
    expect(String(after?.error)).toMatch(/^Interrupted before it was finished/)
    await other.getByRole('tab', { name: 'My Letters (1)' }).click()
    await visible(other.getByRole('button', { name: 'Retry' }))
    await context.close()
  })
})
