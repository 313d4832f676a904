import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { adminTablePath } from '@/domain/admin-api'
import { ERROR_REPORT_LIMITS, INBOX_PATHS } from '@/domain/inbox-api'
import { signedUpAdmin } from '../test-support/admin'
import { get, setupTestServer, signedUp } from '../test-support/test-server'

/** Contact messages and error reports reach the server, checked, stored once and rate-limited. */

const LIMITS = {
  messages: { max: 4, timeWindowMs: 60_000 },
  errors: { max: 6, timeWindowMs: 60_000 },
}
const server = setupTestServer({ inboxRateLimits: LIMITS })

/** Each test sends from addresses of its own, so their rate limits do not meet. */
let lastAddress = 0
const newAddress = () => `10.1.0.${(lastAddress += 1)}`

function send(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  {
    address = newAddress(),
    headers = {},
  }: { address?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: address,
    headers,
  })
}

const message = {
  name: 'Grace Visitor',
  email: '  Grace@Example.COM ',
  subject: 'Do you write letters in Spanish?',
  message: 'I need a demand letter for a landlord in Madrid.',
}

async function rows(query: string, params: unknown[] = []) {
  return (await server().database.query(query, params)) as Record<string, unknown>[]
}

describe('POST /api/messages', () => {
  it('stores a message from anyone, once under its id, and the admin lists it', async () => {
    const { app } = server()
    const id = randomUUID()
    const address = newAddress()
    const first = await send(app, INBOX_PATHS.messages, { ...message, id }, { address })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toEqual({ id })
    const again = await send(app, INBOX_PATHS.messages, { ...message, id }, { address })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ id })
    expect(
      await rows('select name, email, subject from contact_messages where id = $1', [id]),
    ).toEqual([{ name: 'Grace Visitor', email: 'grace@example.com', subject: message.subject }])
    const withoutId = await send(app, INBOX_PATHS.messages, message)
    expect(withoutId.statusCode).toBe(201)
    expect(withoutId.json().id).not.toBe(id)

    const admin = await signedUpAdmin(app)
    const listed = await get(app, `${adminTablePath('messages')}?q=spanish`, admin.cookie)
    const listedIds = listed.json<{ rows: { id: string }[] }>().rows.map((row) => row.id)
    expect(listedIds.sort()).toEqual([id, withoutId.json<{ id: string }>().id].sort())
  })

  it('refuses what the contact form refuses, in its words', async () => {
    const { app } = server()
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...message, name: '   ' }, 'Name is required'],
      [{ ...message, name: '\u200b\u200b' }, 'Name must contain visible text'],
      [{ ...message, email: 'not an email' }, 'Enter a valid email address'],
      [{ ...message, subject: 's'.repeat(201) }, 'Subject must be at most 200 characters'],
      [{ ...message, message: 'm'.repeat(5_001) }, 'Message must be at most 5,000 characters'],
      [{ ...message, id: 'not-a-uuid' }, 'id must be a UUID'],
      [{ ...message, userId: randomUUID() }, 'Unknown field: userId.'],
      [{ name: 'Only a name' }, 'email is required.'],
    ]
    for (const [body, words] of cases) {
      const answer = await send(app, INBOX_PATHS.messages, body)
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().error.code).toBe('INVALID_INPUT')
      expect(answer.json().error.message).toContain(words)
    }
    const foreign = await send(app, INBOX_PATHS.messages, message, {
      headers: { origin: 'https://elsewhere.example' },
    })
    expect(foreign.statusCode).toBe(403)
    expect(await rows(`select id from contact_messages where subject = 's'`)).toEqual([])
  })

  it('allows a few messages a window from one address, and then 429 with Retry-After', async () => {
    const { app } = server()
    const address = newAddress()
    for (let n = 0; n < LIMITS.messages.max; n++) {
      expect((await send(app, INBOX_PATHS.messages, message, { address })).statusCode).toBe(201)
    }
    const refused = await send(app, INBOX_PATHS.messages, message, { address })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not held back by this one.
    expect((await send(app, INBOX_PATHS.messages, message)).statusCode).toBe(201)
  })
})

const report = {
  message: 'TypeError: Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at LetterView (letter-view.tsx:42)',
  route: '/app/letters/42',
}

describe('POST /api/errors', () => {
  it('stores a report signed in or not, with who sent it when anyone did', async () => {
    const { app } = server()
    const { user, cookie } = await signedUp(app)
    const signedIn = await send(app, INBOX_PATHS.errors, report, {
      headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' },
    })
    expect(signedIn.statusCode, signedIn.body).toBe(201)
    const anonymous = await send(app, INBOX_PATHS.errors, { message: 'No session' })
    expect(anonymous.statusCode, anonymous.body).toBe(201)
    const forged = await send(
      app,
      INBOX_PATHS.errors,
      { message: 'Forged session' },
      {
        headers: { cookie: 'letterhead_session=forged' },
      },
    )
    expect(forged.statusCode, forged.body).toBe(201)
    const stored = await rows(
      `select id, user_id, message, stack, route, user_agent from error_reports
       where id = any($1) order by message`,
      [[signedIn.json().id, anonymous.json().id, forged.json().id]],
    )
    expect(stored).toEqual([
      expect.objectContaining({ message: 'Forged session', user_id: null, stack: '', route: '' }),
      expect.objectContaining({
        message: 'No session',
        user_id: null,
        user_agent: 'lightMyRequest',
      }),
      expect.objectContaining({
        message: report.message,
        user_id: user.id,
        stack: report.stack,
        route: report.route,
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
      }),
    ])
    const admin = await signedUpAdmin(app)
    const listed = await get(app, `${adminTablePath('errors')}?q=letters/42`, admin.cookie)
    expect(listed.json().rows).toEqual([
      expect.objectContaining({ id: signedIn.json().id, userEmail: user.email }),
    ])
  })

  it('keeps reports within bounds: longer fields are refused, a NUL is kept as U+FFFD', async () => {
    const { app } = server()
    for (const field of ['message', 'stack', 'route'] as const) {
      const tooLong = { ...report, [field]: 'x'.repeat(ERROR_REPORT_LIMITS[field] + 1) }
      const answer = await send(app, INBOX_PATHS.errors, tooLong)
      expect(answer.statusCode, field).toBe(400)
      expect(answer.json().error.message).toContain(`${field} must be at most`)
    }
    expect((await send(app, INBOX_PATHS.errors, { ...report, message: '  ' })).statusCode).toBe(400)
    expect((await send(app, INBOX_PATHS.errors, { ...report, level: 'fatal' })).statusCode).toBe(
      400,
    )
    const huge = await app.inject({
      method: 'POST',
      url: INBOX_PATHS.errors,
      payload: JSON.stringify({ ...report, stack: '\\u0000'.repeat(40_000) }),
      headers: { 'content-type': 'application/json' },
      remoteAddress: newAddress(),
    })
    expect(huge.statusCode).toBe(413)
    const withNul = await send(app, INBOX_PATHS.errors, {
      ...report,
      message: 'bad\u0000byte',
      id: randomUUID(),
    })
    expect(withNul.statusCode, withNul.body).toBe(201)
    expect(
      await rows('select message from error_reports where id = $1', [withNul.json().id]),
    ).toEqual([{ message: 'bad\ufffdbyte' }])
    const long = await send(app, INBOX_PATHS.errors, report, {
      headers: { 'user-agent': 'A'.repeat(2_000) },
    })
    expect(
      await rows('select length(user_agent) as n from error_reports where id = $1', [
        long.json().id,
      ]),
    ).toEqual([{ n: 512 }])
  })

  it('allows a burst of reports from one address, and then 429', async () => {
    const { app } = server()
    const address = newAddress()
    for (let n = 0; n < LIMITS.errors.max; n++) {
      expect((await send(app, INBOX_PATHS.errors, report, { address })).statusCode).toBe(201)
    }
    const refused = await send(app, INBOX_PATHS.errors, report, { address })
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })
})
