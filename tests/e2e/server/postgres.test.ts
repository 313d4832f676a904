import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signUp } from '../support/accounts'
import { setupBrowser } from '../support/browser'
import {
  type LetterheadServer,
  removeDataDir,
  startLetterheadServer,
} from '../support/letterhead-server'

/**
 * The same journey as accounts.test.ts on a real PostgreSQL (DATABASE_URL), in a database of its
 * own that is dropped afterwards. It runs when TEST_DATABASE_URL names a PostgreSQL whose user may
 * create databases, as `.ci/run` provides.
 */

const PORT = 4358
const adminUrl = process.env.TEST_DATABASE_URL
const database = `letterhead_e2e_${randomBytes(5).toString('hex')}`
const browser = setupBrowser()
let server: LetterheadServer
let databaseUrl = ''

async function onAdmin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

describe.skipIf(!adminUrl)('accounts on a Letterhead server with DATABASE_URL', () => {
  beforeAll(async () => {
    await onAdmin(`create database ${database}`)
    const url = new URL(adminUrl ?? '')
    url.pathname = `/${database}`
    databaseUrl = url.toString()
    server = await startLetterheadServer(PORT, undefined, { DATABASE_URL: databaseUrl })
  })
  afterAll(async () => {
    await server.stop()
    removeDataDir(server)
    await onAdmin(`drop database if exists ${database} with (force)`)
  })

  it('shares one account between two devices, and keeps it through a restart', async () => {
    const account = newAccount('postgres')
    const laptop = await browser.newContext({ baseURL: server.url })
    const laptopPage = await laptop.newPage()
    await signUp(laptopPage, account, 'employee')
    await expectDashboard(laptopPage, 'Employee')

    const phone = await browser.newContext({ baseURL: server.url })
    const phonePage = await phone.newPage()
    await signIn(phonePage, account.email, account.password)
    await expectDashboard(phonePage, 'Employee')
    await phone.close()

    await server.stop()
    server = await startLetterheadServer(PORT, server.dataDir, { DATABASE_URL: databaseUrl })
    const tablet = await browser.newContext({ baseURL: server.url })
    const tabletPage = await tablet.newPage()
    await signIn(tabletPage, account.email, account.password)
    await expectDashboard(tabletPage, 'Employee')
    await tablet.close()
    await laptop.close()
  })
})
