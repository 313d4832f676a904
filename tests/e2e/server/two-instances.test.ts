import type { BrowserContext, Page } from 'playwright-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../../server/test-support/scratch-database'
import { type Account, expectDashboard, signIn } from '../support/accounts'
import { screenshot, setupBrowser } from '../support/browser'
import {
  type LetterheadServer,
  removeDataDir,
  startLetterheadServer,
} from '../support/letterhead-server'
import {
  backToMyLetters,
  generateLetter,
  SAMPLE_ANSWERS,
  signUpWithOneLetter,
  waitForGenerated,
} from '../support/letters'
import { visible } from '../support/wait'

/**
 * Two Letterhead servers on one PostgreSQL, as two instances behind a load
 * balancer (decision 036): device A on one, device B on the other, one
 * account. A letter written on either appears on the other without a reload,
 * through LISTEN/NOTIFY. The database is a fresh one, dropped afterwards, on
 * TEST_DATABASE_URL's PostgreSQL (127.0.0.1:5432 when unset).
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PORTS = [4433, 4434] as const

async function postgresAnswers(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (error) {
    return String(error)
  } finally {
    await client.end().catch(() => undefined)
  }
}

const unreachable = await postgresAnswers(adminUrl)
if (unreachable) {
  console.warn(
    `two-instances.test.ts skipped: no PostgreSQL at ${new URL(adminUrl).host} (${unreachable}). Set TEST_DATABASE_URL to a PostgreSQL whose user may create databases.`,
  )
}

const browser = setupBrowser()

describe.skipIf(unreachable !== null)('two server instances on one PostgreSQL', () => {
  let database: ScratchDatabase | undefined
  const servers: LetterheadServer[] = []

  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl, 'letterhead_e2e_two')
    for (const port of PORTS) {
      servers.push(await startLetterheadServer(port, undefined, { DATABASE_URL: database.url }))
    }
  })
  afterAll(async () => {
    for (const server of servers) {
      await server.stop()
      removeDataDir(server)
    }
    await database?.drop()
  })

  async function device(server: LetterheadServer | undefined) {
    if (!server) throw new Error('The servers did not start')
    const context: BrowserContext = await browser.newContext({ baseURL: server.url })
    return { context, page: await context.newPage() }
  }

  const syncStatus = (page: Page) => page.getByRole('banner').getByRole('status')

  async function signedIn(page: Page, account: Account) {
    await signIn(page, account.email, account.password)
    await expectDashboard(page, 'User')
    await page.getByRole('tab', { name: /^My Letters/ }).click()
  }

  it('a letter written on A (instance 1) appears on B (instance 2) live, and back', async () => {
    const a = await device(servers[0])
    const b = await device(servers[1])
    const account = await signUpWithOneLetter(a.page, 'two-instances')
    await signedIn(b.page, account)
    await visible(b.page.getByRole('tab', { name: 'My Letters (1)' }))
    await visible(syncStatus(b.page).filter({ hasText: 'Synced' }))

    await generateLetter(a.page, { ...SAMPLE_ANSWERS, matter: 'Written on instance one' })
    await visible(b.page.getByRole('article').filter({ hasText: 'Written on instance one' }))
    await visible(b.page.getByRole('tab', { name: 'My Letters (2)' }))
    await screenshot(b.page, 'two-instances-letter-from-a-on-b')

    await waitForGenerated(a.page)
    await backToMyLetters(a.page)
    await generateLetter(b.page, { ...SAMPLE_ANSWERS, matter: 'Written on instance two' })
    await visible(a.page.getByRole('article').filter({ hasText: 'Written on instance two' }))
    await visible(a.page.getByRole('tab', { name: 'My Letters (3)' }))
    await screenshot(a.page, 'two-instances-letter-from-b-on-a')
    await a.context.close()
    await b.context.close()
  })
})
