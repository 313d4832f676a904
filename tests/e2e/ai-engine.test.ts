import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { setupBrowser } from './support/browser'
import { type FakeOpenAiServer, startFakeOpenAiServer } from './support/fake-openai-server'
import { readTable } from './support/indexeddb'
import { SAMPLE_ANSWERS, generateLetter, waitForGenerated } from './support/letters'
import { visible } from './support/wait'

const MODEL = 'fake-letter-model'
const API_KEY = 'sk-e2e-test-key'

/** What the fake endpoint streams back: a finished formal letter, with nothing left to fill in. */
const STREAMED_LETTER = [
  'Margaret Hale\n12 Harbour Street\nPortsmouth PO1 2AB',
  'November 22, 2026',
  'Łukasz Żółć\nul. Długa 5\n00-001 Warszawa',
  'Re: Unpaid invoice #2041',
  'Dear Łukasz Żółć:',
  'I am writing to make a formal demand concerning invoice #2041, which remains unpaid.',
  'Pay the outstanding balance of $2,400 in full.',
  'Please respond within 30 days, on or before December 22, 2026. Written by the streaming model.',
  'Sincerely,',
  'Margaret Hale',
].join('\n\n')

const browser = setupBrowser()
let server: FakeOpenAiServer

beforeAll(async () => {
  server = await startFakeOpenAiServer({ stream: STREAMED_LETTER })
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => server.reset())

/**
 * Test setup, standing in for the Settings page: writes the engine choice
 * straight into the app's IndexedDB `settings` store, in the shape the
 * repository stores it (`{ key, value }`), then reloads so the app reads it.
 */
async function chooseEngine(page: Page, value: Record<string, unknown>) {
  await page.evaluate(
    (setting) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('letterhead')
        open.onerror = () => reject(open.error ?? new Error('open failed'))
        open.onsuccess = () => {
          const transaction = open.result.transaction('settings', 'readwrite')
          transaction.objectStore('settings').put(setting)
          transaction.oncomplete = () => {
            open.result.close()
            resolve()
          }
          transaction.onerror = () => reject(transaction.error ?? new Error('write failed'))
        }
      }),
    { key: 'letterEngine', value },
  )
  await page.reload()
  await page.getByRole('heading', { name: /Welcome/ }).waitFor()
}

async function signedInWithCredits(page: Page, prefix: string) {
  await signUp(page, newAccount(prefix))
  await expectDashboard(page, 'User')
  await buyPlan(page)
  await chooseEngine(page, {
    kind: 'openai-compatible',
    baseUrl: server.baseUrl,
    model: MODEL,
    apiKey: API_KEY,
  })
}

const chatRequests = () =>
  server.requests.filter((request) => request.path === '/v1/chat/completions')

describe('AI letter engine', () => {
  it('writes the letter with the configured OpenAI-compatible endpoint, streamed', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signedInWithCredits(page, 'ai-writer')

    await generateLetter(page)
    await waitForGenerated(page)

    const [letter, ...others] = await readTable(page, 'letters')
    expect(others).toEqual([])
    expect(letter).toMatchObject({
      status: 'completed',
      content: STREAMED_LETTER,
      generator: `openai-compatible:${MODEL}`,
    })

    const [request, ...more] = chatRequests()
    expect(more).toEqual([])
    expect(request?.method).toBe('POST')
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request?.body).toMatchObject({ model: MODEL, stream: true })
    const messages = (request?.body as { messages: Array<{ role: string; content: string }> })
      .messages
    expect(messages.map((message) => message.role)).toEqual(['system', 'user'])
    expect(JSON.parse(messages[1]?.content ?? '{}')).toMatchObject({
      matter: SAMPLE_ANSWERS.matter,
      recipientName: SAMPLE_ANSWERS.recipientName,
    })

    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const article = page.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter })
    await visible(article.getByText('Ready', { exact: true }))
    await page.getByRole('link', { name: 'Open' }).click()
    await visible(page.getByText('Written by the streaming model.', { exact: false }))
    await context.close()
  })

  it('marks the letter Failed when the endpoint fails twice, after one retry', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signedInWithCredits(page, 'ai-failure')
    server.queue(
      { status: 500, message: 'The model crashed.' },
      { status: 500, message: 'The model crashed.' },
    )

    await generateLetter(page)
    await visible(page.getByText('Failed to generate letter. Please try again.'))
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expect(chatRequests()).toHaveLength(2)

    const [letter] = await readTable(page, 'letters')
    expect(letter).toMatchObject({
      status: 'failed',
      error: 'The AI endpoint answered HTTP 500 Internal Server Error: The model crashed.',
    })
    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const article = page.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter })
    await visible(article.getByText('Failed', { exact: true }))
    await context.close()
  })
})
