import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ADMIN_PATHS, ADMIN_TABLES, adminCsvPath, adminTablePath } from '@/domain/admin-api'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { signedUpAdmin } from '../test-support/admin'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { recordSecret } from '../test-support/test-log'
import { get, PASSWORD, post, setupTestServer, signedUp } from '../test-support/test-server'

/** The admin's routes answer admins only, and never with a secret (DESIGN.md §6). */

const server = setupTestServer()

const ADMIN_ROUTES = [
  ADMIN_PATHS.stats,
  ...ADMIN_TABLES.flatMap((table) => [adminTablePath(table), adminCsvPath(table)]),
]

const CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}
recordSecret(CARD.cardNumber)
recordSecret(CARD.cardNumber.replaceAll(' ', ''))

describe('who may read the admin routes', () => {
  it('no session 401, a user 403, an employee 403, an admin 200, for every route and its CSV', async () => {
    const { app } = server()
    const user = await signedUp(app, 'user')
    const employee = await signedUp(app, 'employee')
    const admin = await signedUpAdmin(app)
    for (const path of ADMIN_ROUTES) {
      const answers = [
        await get(app, path),
        await get(app, path, 'letterhead_session=not-a-session'),
        await get(app, path, user.cookie),
        await get(app, path, employee.cookie),
        await get(app, path, admin.cookie),
      ]
      expect(
        answers.map((answer) => answer.statusCode),
        path,
      ).toEqual([401, 401, 403, 403, 200])
      expect(answers[0]?.json().error.code).toBe('NOT_SIGNED_IN')
      expect(answers[2]?.json().error).toEqual({
        code: 'FORBIDDEN',
        message: 'You do not have access to this.',
      })
      const allowed = answers[4]
      expect(allowed?.headers['cache-control']).toBe('no-store')
      if (path.endsWith('.csv')) {
        expect(allowed?.headers['content-type']).toBe('text/csv; charset=utf-8')
        expect(allowed?.headers['content-disposition']).toMatch(
          /^attachment; filename="letterhead-[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/,
        )
      } else {
        expect(allowed?.headers['content-type']).toMatch(/^application\/json/)
      }
    }
  })

  it('every admin route the OpenAPI document lists, reads and writes alike, refuses everyone but an admin', async () => {
    const { app } = server()
    const user = await signedUp(app, 'user')
    const employee = await signedUp(app, 'employee')
    const document = (await get(app, '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({
          method: method.toUpperCase() as 'GET' | 'POST',
          // A path parameter gets an id that names nothing: the refusal comes before the lookup.
          url: path.replaceAll(/\{[^}]+\}/g, randomUUID()),
        })),
      )
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/api\/admin\/subscriptions\/.+\/refund$/),
      ]),
    )
    expect(routes.length).toBeGreaterThanOrEqual(ADMIN_ROUTES.length + 3)
    for (const { method, url } of routes) {
      const ask = (cookie?: string) =>
        app.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          ...(method === 'POST' ? { payload: {} } : {}),
        })
      const answers = [await ask(), await ask(user.cookie), await ask(employee.cookie)]
      expect(
        answers.map((answer) => answer.statusCode),
        `${method} ${url}`,
      ).toEqual([401, 403, 403])
      expect(answers[1]?.json().error.code).toBe('FORBIDDEN')
    }
  })

  it('a session that was signed out reads nothing', async () => {
    const { app } = server()
    const admin = await signedUpAdmin(app)
    expect((await post(app, '/api/auth/sign-out', {}, admin.cookie)).statusCode).toBe(204)
    expect((await get(app, ADMIN_PATHS.stats, admin.cookie)).statusCode).toBe(401)
    expect((await get(app, adminCsvPath('users'), admin.cookie)).statusCode).toBe(401)
  })
})

describe('what the admin routes never answer', () => {
  it('no password, hash, session token or its digest, card number or letter text', async () => {
    const { app, database } = server()
    const customer = await signedUp(app, 'user')
    await signedUp(app, 'employee')
    const admin = await signedUpAdmin(app)
    const letterText = `Dear Bob, the secret clause ${randomUUID()} applies.`
    recordSecret(letterText)
    const device = new SyncDevice(app, customer.cookie)
    const letter = newLetter({ matter: 'Unpaid rent' })
    await device.push(
      device.mutation('letters.create', { letter }),
      device.mutation('letters.complete', {
        id: letter.id,
        content: letterText,
        generator: 'built-in',
      }),
    )
    const bought = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { plan: 'single', card: CARD },
      headers: { cookie: customer.cookie, 'idempotency-key': randomUUID() },
    })
    expect(bought.statusCode, bought.body).toBe(201)
    const report = await post(
      app,
      INBOX_PATHS.errors,
      { message: 'TypeError: x is undefined', stack: 'at render', route: '/app' },
      customer.cookie,
    )
    expect(report.statusCode, report.body).toBe(201)

    const secrets = [
      PASSWORD,
      CARD.cardNumber,
      CARD.cardNumber.replaceAll(' ', ''),
      letterText,
      '$argon2',
      ...[customer.cookie, admin.cookie].map((cookie) => cookie.split('=')[1] ?? cookie),
    ]
    const stored = (await database.query(
      `select password_hash as value from credentials
       union all select token_hash from sessions`,
    )) as { value: string }[]
    secrets.push(...stored.map((row) => row.value))

    for (const path of ADMIN_ROUTES) {
      const answer = await get(app, path, admin.cookie)
      expect(answer.statusCode, path).toBe(200)
      for (const secret of secrets)
        expect(answer.body, `${path} holds a secret`).not.toContain(secret)
    }
    type Rows = { rows: Record<string, unknown>[] }
    const letters = (await get(app, adminTablePath('letters'), admin.cookie)).json<Rows>().rows
    expect(letters).toEqual([
      expect.objectContaining({ id: letter.id, matter: 'Unpaid rent', status: 'completed' }),
    ])
    expect(Object.keys(letters[0] ?? {}).sort()).toEqual(
      [
        'createdAt',
        'id',
        'matter',
        'ownerEmail',
        'ownerName',
        'recipientName',
        'senderName',
        'status',
        'type',
      ].sort(),
    )
    const subscriptions = await get(app, adminTablePath('subscriptions'), admin.cookie)
    const [purchase] = subscriptions.json<Rows>().rows
    expect(purchase).toBeDefined()
    expect(Object.keys(purchase ?? {})).not.toContain('cardLast4')
  })
})
