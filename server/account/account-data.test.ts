import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type AccountExport, accountExportSchema } from '@/domain/account-data'
import { ADMIN_PATHS, type AdminStats, adminTablePath } from '@/domain/admin-api'
import { API_PATHS, SYNC_SCHEMA_VERSION } from '@/domain/api'
import { MONEY_PATHS, type ReferralsAnswer } from '@/domain/money-api'
import { SYNC_PATHS } from '@/domain/sync'
import { signedUpAdmin } from '../test-support/admin'
import {
  customerWithEverything,
  EDITED_TEXT,
  FIRST_TEXT,
} from '../test-support/customer-with-everything'
import { newLetter } from '../test-support/sync-device'
import { get, PASSWORD, post, sessionCookie, setupTestServer } from '../test-support/test-server'
import { lockSyncedOwner } from '../sync/clients'
import { isTombstoneEmail } from './tombstone'

/** Download My Data and Delete Account on the server (decision 035). */

const server = setupTestServer()
const DAY = 86_400_000

const deleteAccount = (app: FastifyInstance, cookie: string, payload: unknown) =>
  app.inject({
    method: 'DELETE',
    url: API_PATHS.account,
    payload: payload as Record<string, unknown>,
    headers: { cookie },
  })

const rows = async (text: string, params: unknown[] = []) =>
  (await server().database.query(text, params)) as Record<string, unknown>[]
const count = async (text: string, params: unknown[]) =>
  Number((await rows(`select count(*)::int as n ${text}`, params))[0]?.n)

/** A session's cookie for `email` (its sessions lapse after 30 days unused). */
async function signIn(app: FastifyInstance, email: string) {
  const answer = await post(app, API_PATHS.signIn, { email, password: PASSWORD })
  expect(answer.statusCode, answer.body).toBe(200)
  return sessionCookie(answer)
}

async function stats(app: FastifyInstance, cookie: string): Promise<AdminStats> {
  const answer = await get(app, ADMIN_PATHS.stats, cookie)
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<AdminStats>()
}

/** What is left of `userId` in each table that holds the person's own rows. */
async function personalRows(userId: string) {
  const of = (table: string, column: string) =>
    count(`from ${table} where ${column} = $1`, [userId])
  return {
    letters: await of('letters', 'owner_id'),
    letterVersions: await of('letter_versions', 'owner_id'),
    settings: await of('user_settings', 'owner_id'),
    syncClients: await of('sync_clients', 'user_id'),
    sessions: await of('sessions', 'user_id'),
    credentials: await of('credentials', 'user_id'),
    idempotencyKeys: await of('idempotency_keys', 'user_id'),
  }
}

async function moneyRows(userId: string) {
  return {
    purchases: await rows(`select * from subscriptions where owner_id = $1 order by id`, [userId]),
    ledger: await rows(`select * from credit_ledger where owner_id = $1 order by id`, [userId]),
  }
}

// First in the file: no other admin may exist yet.
describe('the last admin', () => {
  it('cannot delete their account while no other admin can sign in', async () => {
    const { app } = server()
    const first = await signedUpAdmin(app)
    const refused = await deleteAccount(app, first.cookie, {
      password: PASSWORD,
    })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().error.code).toBe('LAST_ADMIN')
    expect((await get(app, API_PATHS.me, first.cookie)).statusCode).toBe(200)

    const second = await signedUpAdmin(app)
    expect((await deleteAccount(app, first.cookie, { password: PASSWORD })).statusCode).toBe(204)
    // The first admin's tombstone does not count: the second is now the last.
    const last = await deleteAccount(app, second.cookie, {
      password: PASSWORD,
    })
    expect(last.json().error.code).toBe('LAST_ADMIN')
  })
})

describe('GET /api/account/export', () => {
  it('gives the customer their profile, letters with earlier texts, settings, purchases, credits, sessions and activity', async () => {
    const { app, database } = server()
    const { customer, letters } = await customerWithEverything(app, database)
    const answer = await get(app, API_PATHS.accountExport, customer.cookie)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="letterhead-data-2026-11-25.json"',
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    const data: AccountExport = accountExportSchema.parse(JSON.parse(answer.body))
    expect(data.profile).toMatchObject({
      id: customer.user.id,
      email: customer.body.email,
      fullName: customer.body.fullName,
      role: 'user',
    })
    expect(data.letters.map((letter) => letter.matter).sort()).toEqual(
      letters.map((letter) => letter.matter).sort(),
    )
    const edited = data.letters.find((letter) => letter.id === letters[0]?.id)
    expect(edited?.content).toBe(EDITED_TEXT)
    expect(edited?.previousVersions.map((version) => version.content)).toEqual([FIRST_TEXT])
    expect(data.settings).toEqual([{ key: 'theme', value: 'dark' }])
    expect(data.purchases).toMatchObject([
      { plan: 'annual4', priceCents: 23920, discountPercent: 20, refundedAt: null },
    ])
    expect(data.credits.lettersLeft).toBe(2)
    expect(data.credits.entries.map((entry) => entry.reason).sort()).toEqual([
      'grant',
      'letter',
      'letter',
    ])
    expect(data.referrals).toBeNull()
    expect(data.sessions).toHaveLength(2)
    expect(data.sessions.filter((session) => session.current)).toHaveLength(1)
    expect(data.activity.map((entry) => entry.action)).toEqual(['sign-up', 'sign-in'])
  })

  it('holds no password hash, session token or hash, and no customer of an employee', async () => {
    const { app, database } = server()
    const { customer, employee } = await customerWithEverything(app, database)
    const secrets = [
      customer.body.password,
      customer.cookie.split('=')[1] ?? '',
      employee.cookie.split('=')[1] ?? '',
      ...(await rows(`select password_hash as s from credentials`)).map((row) => String(row.s)),
      ...(await rows(`select token_hash as s from sessions`)).map((row) => String(row.s)),
    ]
    for (const person of [customer, employee]) {
      const body = (await get(app, API_PATHS.accountExport, person.cookie)).body
      for (const secret of secrets) expect(body).not.toContain(secret)
      expect(body).not.toMatch(/argon2|token|hash/i)
    }
    const employeeData = accountExportSchema.parse(
      JSON.parse((await get(app, API_PATHS.accountExport, employee.cookie)).body),
    )
    expect(employeeData.referrals).toMatchObject({
      totalReferrals: 1,
      commissions: [{ plan: 'annual4', saleCents: 23920, commissionCents: 1196, state: 'pending' }],
    })
    const employeeBody = JSON.stringify(employeeData)
    expect(employeeBody).not.toContain(customer.body.email)
    expect(employeeBody).not.toContain(customer.body.fullName)
  })

  it('is 401 without a session', async () => {
    const answer = await get(server().app, API_PATHS.accountExport)
    expect(answer.statusCode).toBe(401)
    expect(answer.json().error.code).toBe('NOT_SIGNED_IN')
  })
})

describe('DELETE /api/account', () => {
  it('refuses a wrong or missing password and changes nothing', async () => {
    const { app, database } = server()
    const { customer } = await customerWithEverything(app, database)
    const before = await personalRows(customer.user.id)
    const wrong = await deleteAccount(app, customer.cookie, { password: 'not my password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toEqual({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is not correct.',
    })
    const missing = await deleteAccount(app, customer.cookie, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toEqual({
      code: 'INVALID_INPUT',
      message: 'password is required.',
    })
    expect(await personalRows(customer.user.id)).toEqual(before)
    expect((await get(app, API_PATHS.me, customer.cookie)).statusCode).toBe(200)
  })

  it('removes the personal rows, keeps the money rows anonymised, and frees the e-mail', async () => {
    const { app, database } = server()
    const admin = await signedUpAdmin(app)
    const { customer, employee, phone } = await customerWithEverything(app, database)
    const bystander = await customerWithEverything(app, database)
    const statsBefore = await stats(app, admin.cookie)
    const moneyBefore = await moneyRows(customer.user.id)
    const bystanderBefore = await personalRows(bystander.customer.user.id)
    const employeeRow = await rows(`select * from users where id = $1`, [employee.user.id])

    const deleted = await deleteAccount(app, customer.cookie, { password: customer.body.password })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(deleted.cookies.find((c) => c.name === 'letterhead_session')?.value).toBe('')

    expect(await personalRows(customer.user.id)).toEqual({
      letters: 0,
      letterVersions: 0,
      settings: 0,
      syncClients: 0,
      sessions: 0,
      credentials: 0,
      idempotencyKeys: 0,
    })
    expect(await moneyRows(customer.user.id)).toEqual(moneyBefore)
    const [tombstone] = await rows(`select * from users where id = $1`, [customer.user.id])
    expect(tombstone).toMatchObject({ full_name: '', role: 'user', coupon_code: null })
    expect(isTombstoneEmail(String(tombstone?.email))).toBe(true)
    expect(
      await count(`from audit_log where user_id = $1 and ip is not null`, [customer.user.id]),
    ).toBe(0)

    // The books are as they were; the account and its letters no longer count, nor are listed.
    expect(tombstone?.deleted_at).toBeInstanceOf(Date)
    const statsAfter = await stats(app, admin.cookie)
    expect(statsAfter).toEqual({
      ...statsBefore,
      users: statsBefore.users - 1,
      letters: statsBefore.letters - 2,
    })
    const listed = await get(app, adminTablePath('users'), admin.cookie)
    expect(listed.statusCode).toBe(200)
    const ids = listed.json<{ rows: { id: string }[] }>().rows.map((row) => row.id)
    expect(ids).toContain(bystander.customer.user.id)
    expect(ids).not.toContain(customer.user.id)
    // Everyone else is untouched.
    expect(await personalRows(bystander.customer.user.id)).toEqual(bystanderBefore)
    expect(await rows(`select * from users where id = $1`, [employee.user.id])).toEqual(employeeRow)
    const referrals = (
      await get(app, MONEY_PATHS.referrals, employee.cookie)
    ).json<ReferralsAnswer>()
    expect(referrals.commissions).toHaveLength(1)

    // Every session of the account is dead: the phone's next sync is refused.
    expect((await get(app, API_PATHS.me, customer.cookie)).statusCode).toBe(401)
    const pulled = await phone.send(SYNC_PATHS.pull, {
      clientId: phone.clientId,
      cursor: 0,
      limit: 100,
    })
    expect(pulled.statusCode).toBe(401)
    const pushed = await phone.send(SYNC_PATHS.push, {
      clientId: phone.clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [phone.mutation('letters.create', { letter: newLetter() })],
    })
    expect(pushed.statusCode).toBe(401)
    expect(await count(`from letters where owner_id = $1`, [customer.user.id])).toBe(0)
    // A push that was already past its session check when the deletion committed writes nothing.
    expect(await database.db.transaction((tx) => lockSyncedOwner(tx, customer.user.id))).toBe(false)
    const oldSignIn = await post(app, API_PATHS.signIn, {
      email: customer.body.email,
      password: customer.body.password,
    })
    expect(oldSignIn.statusCode).toBe(401)

    // The e-mail is free again: a new account, with nothing of the old one.
    const again = await post(app, API_PATHS.signUp, { ...customer.body, fullName: 'Someone New' })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().user.id).not.toBe(customer.user.id)
  })

  it('keeps an employee owed commission until an admin has paid it out', async () => {
    const { app, database, clock } = server()
    const admin = await signedUpAdmin(app)
    const { employee } = await customerWithEverything(app, database)
    const owed = await deleteAccount(app, employee.cookie, { password: employee.body.password })
    expect(owed.statusCode).toBe(409)
    expect(owed.json().error).toEqual({
      code: 'UNPAID_COMMISSION',
      message:
        'You are still owed $11.96 in commission. Ask an admin to record your payout, then delete your account.',
    })
    // Past the refund window the commission is approved, and paid with the next payout.
    clock.advance(31 * DAY)
    const adminCookie = await signIn(app, admin.user.email)
    const employeeCookie = await signIn(app, employee.body.email)
    const payout = await post(app, MONEY_PATHS.payouts, undefined, adminCookie)
    expect(payout.statusCode, payout.body).toBe(201)
    const commissionsBefore = await rows(
      `select * from commissions where employee_id = $1 order by id`,
      [employee.user.id],
    )
    const deleted = await deleteAccount(app, employeeCookie, { password: employee.body.password })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(
      await rows(`select * from commissions where employee_id = $1 order by id`, [
        employee.user.id,
      ]),
    ).toEqual(commissionsBefore)
    const [tombstone] = await rows(`select * from users where id = $1`, [employee.user.id])
    expect(tombstone).toMatchObject({ full_name: '', role: 'employee', coupon_code: null })
  })

  it('is 401 without a session', async () => {
    const answer = await deleteAccount(server().app, '', { password: 'whatever it is' })
    expect(answer.statusCode).toBe(401)
  })
})
