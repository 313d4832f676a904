import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../../server/test-support/scratch-database'
import { expectDashboard, newAccount, signIn, signUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import { setupLetterheadServer } from '../support/letterhead-server'

/**
 * The journey of accounts.test.ts on a real PostgreSQL (DATABASE_URL), in a database of its own
 * that is dropped afterwards. It runs when TEST_DATABASE_URL names a PostgreSQL whose user may
 * create databases, as `.ci/run` provides.
 */

const adminUrl = process.env.TEST_DATABASE_URL
const browser = setupBrowser()

describe.skipIf(!adminUrl)('accounts on a Letterhead server with DATABASE_URL', () => {
  let database: ScratchDatabase | undefined
  // Registered before the server's own hooks, so the database exists before the server starts and
  // is dropped after it stops (after-all hooks run in reverse order).
  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl ?? '', 'letterhead_e2e')
  })
  afterAll(async () => {
    await database?.drop()
  })
  const server = setupLetterheadServer(4360, () => ({ DATABASE_URL: database?.url ?? '' }))

  async function device() {
    const context = await browser.newContext({ baseURL: server.url() })
    return { context, page: await context.newPage() }
  }

  it('shares one account between two devices, and keeps it through a restart', async () => {
    const account = newAccount('postgres')
    const laptop = await device()
    await signUp(laptop.page, account, 'employee')
    await expectDashboard(laptop.page, 'Employee')

    const phone = await device()
    await signIn(phone.page, account.email, account.password)
    await expectDashboard(phone.page, 'Employee')
    await phone.context.close()

    await server.restart()
    const tablet = await device()
    await signIn(tablet.page, account.email, account.password)
    await expectDashboard(tablet.page, 'Employee')
    await tablet.context.close()
    await laptop.context.close()
  })
})
