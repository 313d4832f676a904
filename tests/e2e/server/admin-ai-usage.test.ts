import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type MockOpenAiServer,
  type MockReply,
  startMockOpenAiServer,
} from '../../support/mock-openai-server'
import { expectDashboard, newAccount, submitAdminSignUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'
import { DESKTOP, PHONE, screenReviewer } from '../support/review'
import { visible } from '../support/wait'

/**
 * The admin's AI Usage tab on the Letterhead server, whose AI is the local
 * mock model: letters written and failed through POST /api/ai/generate as
 * customers' browsers would, then read by an admin per day and per user.
 */

let mock: MockOpenAiServer | undefined
beforeAll(async () => {
  mock = await startMockOpenAiServer()
})
afterAll(async () => {
  await mock?.close()
})

const browser = setupBrowser()
const server = setupLetterheadServer(4397, () => ({
  AI_BASE_URL: mock?.baseUrl ?? '',
  AI_MODEL: 'mock-letter-model',
}))

/** The paths of decision 031 and the sync push (the browser tests do not import the app's modules). */
const GENERATE = '/api/ai/generate'
const ADMIN_AI_USAGE = '/api/admin/ai-usage'
const PUSH = '/api/sync/push'

/** What the admin's report says of a user; the rest of it is read from the screen. */
type ReportedUser = { email: string; failures: number; tokensIn: number }

type Customer = { fullName: string; email: string; cookie: string; letterId: string }

/** A customer signed up through the API with one letter pushed, as their browser would. */
async function customerWithLetter(fullName: string): Promise<Customer> {
  const account = { ...newAccount('ai-usage'), fullName }
  const signUp = await fetch(`${server.url()}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, role: 'user' }),
  })
  expect(signUp.status).toBe(201)
  const cookie =
    signUp.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.includes('session')) ?? ''
  // The device's sync schema, as the server reports it.
  const health = (await (await fetch(`${server.url()}/api/health`)).json()) as {
    schemaVersion: number
  }
  const letterId = randomUUID()
  const push = await fetch(`${server.url()}${PUSH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      clientId: randomUUID(),
      schemaVersion: health.schemaVersion,
      mutations: [
        {
          id: 1,
          name: 'letters.create',
          args: {
            letter: {
              id: letterId,
              type: 'Demand Letter',
              senderName: fullName,
              senderAddress: '1 Main Street, Springfield',
              recipientName: 'Bob Recipient',
              recipientAddress: '2 High Street, Shelbyville',
              matter: 'Unpaid invoice 42',
              resolution: 'Pay the invoice within 14 days.',
              generator: 'built-in',
              createdAt: new Date().toISOString(),
            },
          },
        },
      ],
    }),
  })
  expect(await push.json()).toEqual({ lastMutationId: 1, refused: [] })
  return { fullName, email: account.email, cookie, letterId }
}

/** The server's AI writes the customer's letter, the mock answering with `reply`; the whole stream is read. */
async function writeWithAi(customer: Customer, reply: MockReply) {
  mock?.queue(reply)
  const response = await fetch(`${server.url()}${GENERATE}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: customer.cookie },
    body: JSON.stringify({ letterId: customer.letterId }),
  })
  expect(response.status).toBe(200)
  const events = await response.text()
  expect(events).toMatch(reply.kind === 'status' ? /event: error/ : /event: done/)
}

const written = (prompt: number, completion: number): MockReply => ({
  kind: 'letter',
  usage: { prompt_tokens: prompt, completion_tokens: completion },
})

const panel = (page: Page) => page.getByRole('tabpanel', { name: 'AI Usage' })
const tableRows = (page: Page, name: RegExp) =>
  panel(page).getByRole('table', { name }).getByRole('row')
/** Each body row's cells, as the admin reads them. */
const cellTexts = async (page: Page, name: RegExp) => {
  const rows = await tableRows(page, name).all()
  return Promise.all(rows.slice(1).map((row) => row.getByRole('cell').allInnerTexts()))
}
const noPageScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const utcToday = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date())
const count = (value: number) => value.toLocaleString('en-US')

describe('AI usage on the admin dashboard of the Letterhead server', () => {
  it('says when there is none, then shows the days and the users the AI wrote for', async () => {
    const context = await browser.newContext({ baseURL: server.url(), viewport: DESKTOP })
    const page = await context.newPage()
    const screens = screenReviewer(page)
    await submitAdminSignUp(page, newAccount('ai-usage-admin'))
    await expectDashboard(page, 'Admin')
    const tabs = page.getByRole('tablist', { name: 'Admin tables' }).getByRole('tab')
    await visible(tabs.filter({ hasText: 'AI Usage' }))
    expect(await tabs.allInnerTexts()).toEqual([
      'Users',
      'Employees',
      'Letters',
      'Subscriptions',
      'Messages',
      'Errors',
      'AI Usage',
    ])
    await page.getByRole('tab', { name: 'AI Usage' }).click()
    await page.waitForURL(/tab=ai-usage/)
    await visible(panel(page).getByText('No AI usage in this period'))
    expect(await page.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true)

    const heavy = await customerWithLetter('Hana Heavy')
    const failing = await customerWithLetter('Fred Failing')
    await writeWithAi(heavy, written(1_500, 1_000))
    await writeWithAi(heavy, written(1_500, 1_000))
    await writeWithAi(failing, { kind: 'status', status: 500, message: 'the model fell over' })
    await writeWithAi(failing, written(200, 100))

    await page.reload()
    await visible(panel(page).getByRole('table', { name: /^AI usage per day/ }))
    // The failed attempt's tokens in are the server's estimate of the prompt: read from its report.
    const answer = await page.request.get(`${ADMIN_AI_USAGE}?days=30`)
    const report = (await answer.json()) as { users: ReportedUser[] }
    const fred = report.users.find((user) => user.email === failing.email)
    expect(fred?.failures).toBe(1)
    const fredIn = fred?.tokensIn ?? Number.NaN
    expect(fredIn).toBeGreaterThan(200)

    expect(await cellTexts(page, /^AI usage per day/)).toEqual([
      [utcToday(), '4', '3', '1', '0', '0', count(3_000 + fredIn), '2,100'],
    ])
    expect(await cellTexts(page, /^Top users/)).toEqual([
      [`Hana Heavy\n${heavy.email}`, '2', '2', '0', '0', '0', '3,000', '2,000'],
      [`Fred Failing\n${failing.email}`, '2', '1', '1', '0', '0', count(fredIn), '100'],
    ])
    await screens.review('server-admin-ai-usage')

    // The period is a radio group: the arrow keys choose, and the choice is in the URL.
    await page.getByRole('radio', { name: 'Last 30 days' }).focus()
    await page.keyboard.press('ArrowLeft')
    await page.waitForURL(/days=7/)
    expect(await page.getByRole('radio', { name: 'Last 7 days' }).isChecked()).toBe(true)
    await visible(panel(page).getByRole('table', { name: /^AI usage per day/ }))
    expect(await tableRows(page, /^Top users/).count()).toBe(3)

    await page.setViewportSize(PHONE)
    expect(await noPageScroll(page)).toBe(true)
    await screens.review('server-admin-ai-usage-week')
    screens.expectAccessible()
    await context.close()
  })
})
