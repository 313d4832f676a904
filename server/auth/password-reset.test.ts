import { createHash } from 'node:crypto'
import { createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { startSmtpInbox, type SmtpInbox } from '../test-support/smtp-inbox'
import { recordSecret } from '../test-support/test-log'
import {
  countRows,
  get,
  newAccountBody,
  PASSWORD,
  post,
  sessionCookie,
  setupTestServer,
  signedUp,
} from '../test-support/test-server'
import { RESET_TTL_MS } from './password-reset'
import { RESET_REQUESTS_PER_EMAIL } from './password-reset-routes'

const SMTP_PORT = 4410
/** An SMTP server that takes the connection and never says a word. */
const SILENT_PORT = 4413
const NEW_PASSWORD = 'a brand new passphrase 7'
recordSecret(NEW_PASSWORD)

const server = setupTestServer({
  config: {
    mail: { smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`, from: 'Letterhead <letters@example.com>' },
  },
})

let inbox: SmtpInbox
beforeAll(async () => {
  inbox = await startSmtpInbox(SMTP_PORT)
})
afterAll(() => inbox.close())

const LINK = /^http:\/\/localhost:80\/auth\?view=reset#token=([A-Za-z0-9_-]{43})$/m

/** Asks for a link for `email` and waits until whatever the server does after answering is done. */
async function askForLink(email: string, remoteAddress = '127.0.0.1') {
  const { app, background } = server()
  const response = await app.inject({
    method: 'POST',
    url: API_PATHS.passwordReset,
    payload: { email },
    remoteAddress,
  })
  await background.idle()
  return response
}

/** Asks for a link for `email` and answers the token the mail carried. */
async function mailedToken(email: string): Promise<string> {
  const before = inbox.mails.length
  expect((await askForLink(email)).statusCode).toBe(202)
  const [mail] = (await inbox.waitFor(before + 1)).slice(before)
  const token = LINK.exec(mail?.text ?? '')?.[1]
  if (!token) throw new Error(`No reset link in:\n${mail?.text}`)
  recordSecret(token)
  return token
}

const confirm = (token: string, password = NEW_PASSWORD) =>
  post(server().app, API_PATHS.passwordResetConfirm, { token, password })

const signIn = (email: string, password: string) =>
  post(server().app, API_PATHS.signIn, { email, password })

describe('asking for a reset link', () => {
  it('mails the account a single-use link, and keeps only the SHA-256 of its token', async () => {
    const { body, user } = await signedUp(server().app)
    const before = inbox.mails.length
    const response = await askForLink(`  ${body.email.toUpperCase()} `)
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ ok: true })

    const [mail] = (await inbox.waitFor(before + 1)).slice(before)
    expect(mail?.to).toEqual([body.email])
    expect(mail?.from).toBe('Letterhead <letters@example.com>')
    expect(mail?.subject).toBe('Reset your Letterhead password')
    expect(mail?.text).toContain(`Hello ${body.fullName},`)
    expect(mail?.text).toContain('The link works once, within 60 minutes.')
    const token = LINK.exec(mail?.text ?? '')?.[1] ?? ''
    recordSecret(token)
    expect(token).toHaveLength(43)
    expect(mail?.html).toContain(`<a href="http://localhost:80/auth?view=reset#token=${token}">`)

    const rows = (await server().database.query(
      'select user_id, token_hash, expires_at, created_at, used_at from password_resets where user_id = $1',
      [user.id],
    )) as Array<Record<string, unknown>>
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]?.used_at).toBeNull()
    const row = rows[0] as { expires_at: Date; created_at: Date }
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(
      RESET_TTL_MS,
    )
  })

  it('answers an e-mail without an account exactly as one with, and sends nothing', async () => {
    const { body } = await signedUp(server().app)
    const known = await askForLink(body.email)
    await inbox.waitFor(inbox.mails.length)
    const mailsBefore = inbox.mails.length
    const rowsBefore = await countRows(server().database, 'password_resets')

    const unknown = await askForLink(newAccountBody().email)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    expect(unknown.headers['content-type']).toBe(known.headers['content-type'])
    expect(unknown.headers['content-length']).toBe(known.headers['content-length'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(inbox.mails.length).toBe(mailsBefore)
    expect(await countRows(server().database, 'password_resets')).toBe(rowsBefore)
  })

  it('refuses what is not an e-mail, as sign-up does, and mails nothing', async () => {
    const response = await askForLink('not an address')
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe('INVALID_INPUT')
    const extra = await post(server().app, API_PATHS.passwordReset, {
      email: 'a@example.com',
      admin: true,
    })
    expect(extra.statusCode).toBe(400)
  })

  it(`allows ${RESET_REQUESTS_PER_EMAIL} links an hour to one e-mail, from any address, whether or not it has an account`, async () => {
    const { body } = await signedUp(server().app)
    for (const email of [body.email, newAccountBody().email]) {
      for (let i = 0; i < RESET_REQUESTS_PER_EMAIL; i++) {
        const response = await askForLink(email, `10.1.0.${i + 1}`)
        expect(response.statusCode).toBe(202)
      }
      const limited = await askForLink(email, '10.1.0.99')
      expect(limited.statusCode).toBe(429)
      expect(limited.json().error.code).toBe('RATE_LIMITED')
      expect(limited.json().error.message).toMatch(
        /^Too many reset links were asked for this e-mail\. Please wait \d+ minutes/,
      )
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    }
  })
})

describe('setting a new password with the link', () => {
  it('sets the password once: the old one stops working, the link then says it was used', async () => {
    const { body } = await signedUp(server().app)
    const token = await mailedToken(body.email)

    const done = await confirm(token)
    expect(done.statusCode).toBe(200)
    expect(done.json()).toEqual({ ok: true })
    expect((await signIn(body.email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await signIn(body.email, PASSWORD)).statusCode).toBe(401)

    const again = await confirm(token, 'yet another passphrase 9')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({
      error: { code: 'RESET_LINK_USED', message: ERROR_MESSAGES.RESET_LINK_USED },
    })
    expect((await signIn(body.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('ends every session of the account, on every device', async () => {
    const { app, database } = server()
    const { body, user, cookie } = await signedUp(app)
    const other = sessionCookie(await signIn(body.email, PASSWORD))
    const bystander = await signedUp(app)
    expect((await get(app, API_PATHS.me, other)).statusCode).toBe(200)

    expect((await confirm(await mailedToken(body.email))).statusCode).toBe(200)
    expect((await get(app, API_PATHS.me, cookie)).statusCode).toBe(401)
    expect((await get(app, API_PATHS.me, other)).statusCode).toBe(401)
    const [left] = (await database.query(
      'select count(*)::int as n from sessions where user_id = $1',
      [user.id],
    )) as { n: number }[]
    expect(left?.n).toBe(0)
    expect((await get(app, API_PATHS.me, bystander.cookie)).statusCode).toBe(200)
    const [audited] = (await database.query(
      `select count(*)::int as n from audit_log where user_id = $1 and action = 'password-reset'`,
      [user.id],
    )) as { n: number }[]
    expect(audited?.n).toBe(1)
  })

  it('refuses a link after its hour, and leaves the password as it was', async () => {
    const { app, clock } = server()
    const { body } = await signedUp(app)
    const token = await mailedToken(body.email)
    clock.advance(RESET_TTL_MS)
    const late = await confirm(token)
    expect(late.statusCode).toBe(400)
    expect(late.json()).toEqual({
      error: { code: 'RESET_LINK_EXPIRED', message: ERROR_MESSAGES.RESET_LINK_EXPIRED },
    })
    expect((await signIn(body.email, PASSWORD)).statusCode).toBe(200)
    expect((await signIn(body.email, NEW_PASSWORD)).statusCode).toBe(401)
  })

  it('works a second before its hour is up', async () => {
    const { app, clock } = server()
    const { body } = await signedUp(app)
    const token = await mailedToken(body.email)
    clock.advance(RESET_TTL_MS - 1000)
    expect((await confirm(token)).statusCode).toBe(200)
  })

  it('refuses a token no link carried, and a cut-off one', async () => {
    const { body } = await signedUp(server().app)
    const token = await mailedToken(body.email)
    for (const wrong of [token.slice(0, -1), 'A'.repeat(43), 'x']) {
      const response = await confirm(wrong)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('RESET_LINK_INVALID')
    }
    expect((await confirm(token)).statusCode).toBe(200)
  })

  it('holds a new password to the sign-up rules, and a refused one leaves the link unspent', async () => {
    const { body } = await signedUp(server().app)
    const token = await mailedToken(body.email)
    for (const password of ['short', 'x'.repeat(129)]) {
      const response = await confirm(token, password)
      expect(response.statusCode).toBe(400)
      expect(response.json().error.code).toBe('INVALID_INPUT')
    }
    expect((await confirm(token)).statusCode).toBe(200)
  })

  it('spends the account’s other links with the one used', async () => {
    const { body } = await signedUp(server().app)
    const first = await mailedToken(body.email)
    const second = await mailedToken(body.email)
    expect((await confirm(second)).statusCode).toBe(200)
    expect((await confirm(first)).json().error.code).toBe('RESET_LINK_USED')
  })

  it('lets one of two requests with the same link through', async () => {
    const { body } = await signedUp(server().app)
    const token = await mailedToken(body.email)
    const answers = await Promise.all([
      confirm(token, 'first racing passphrase'),
      confirm(token, 'second racing passphrase'),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400])
  })

  it('lifts a lockout from failed sign-ins', async () => {
    const { body } = await signedUp(server().app)
    for (let i = 0; i < 5; i++) await signIn(body.email, 'not the password at all')
    expect((await signIn(body.email, PASSWORD)).statusCode).toBe(429)
    expect((await confirm(await mailedToken(body.email))).statusCode).toBe(200)
    expect((await signIn(body.email, NEW_PASSWORD)).statusCode).toBe(200)
  })
})

describe('while the SMTP server does not answer', () => {
  const silent = setupTestServer({
    config: { mail: { smtpUrl: `smtp://127.0.0.1:${SILENT_PORT}`, from: 'letters@example.com' } },
  })
  const held: Socket[] = []
  const listener = createServer((socket) => held.push(socket))
  beforeAll(
    () => new Promise<void>((resolve) => listener.listen(SILENT_PORT, '127.0.0.1', resolve)),
  )
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())))

  it('answers at once: the mail is sent after the answer, never before it', async () => {
    const { app, background } = silent()
    const { body } = await signedUp(app)
    const started = Date.now()
    const response = await post(app, API_PATHS.passwordReset, { email: body.email })
    expect(response.statusCode).toBe(202)
    expect(Date.now() - started).toBeLessThan(2000)
    await expect.poll(() => held.length).toBeGreaterThan(0)
    for (const socket of held) socket.destroy()
    await background.idle()
  })
})
