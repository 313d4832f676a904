import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { recordSecret } from '../test-support/test-log'
import { newAccountBody, post, setupTestServer, signedUp } from '../test-support/test-server'
import { mailboxDir } from './mailbox'
import { MAILBOX_PATH, MAILBOX_STYLES_PATH } from './mailbox-routes'

/** The development mailbox (decision 034): without SMTP_URL, mail is kept as files and shown at /dev/mail. */

const fileNames = (dataDir: string) => {
  try {
    return readdirSync(mailboxDir(dataDir)).sort()
  } catch {
    return []
  }
}

describe('the development mailbox, outside production', () => {
  const server = setupTestServer()

  async function askForLink(email: string) {
    const { app, background } = server()
    expect((await post(app, API_PATHS.passwordReset, { email })).statusCode).toBe(202)
    await background.idle()
  }

  it('keeps each mail as a file, and lists them newest first with their links clickable', async () => {
    const { app, dataDir } = server()
    const first = await signedUp(app)
    const second = await signedUp(app)
    await askForLink(first.body.email)
    await askForLink(second.body.email)
    await askForLink(newAccountBody().email)

    const files = fileNames(dataDir)
    expect(files).toHaveLength(2)
    const stored = JSON.parse(readFileSync(join(mailboxDir(dataDir), files[0] ?? ''), 'utf8')) as {
      text: string
    }
    expect(stored).toMatchObject({
      to: first.body.email,
      from: 'Letterhead <no-reply@localhost>',
      subject: 'Reset your Letterhead password',
    })
    const token = /#token=([\w-]+)/.exec(stored.text)?.[1] ?? ''
    recordSecret(token)

    const page = await app.inject({ method: 'GET', url: MAILBOX_PATH })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.body).toContain('<h1>Development mailbox</h1>')
    expect(page.body.indexOf(second.body.email)).toBeLessThan(page.body.indexOf(first.body.email))
    const link = `http://localhost:80/auth?view=reset#token=${token}`
    expect(page.body).toContain(`<a href="${link}">${link}</a>`)

    // Its stylesheet, from this origin as the Content-Security-Policy allows, wraps long lines.
    expect(page.body).toContain(`<link rel="stylesheet" href="${MAILBOX_STYLES_PATH}">`)
    const styles = await app.inject({ method: 'GET', url: MAILBOX_STYLES_PATH })
    expect(styles.statusCode).toBe(200)
    expect(styles.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(styles.body).toContain('white-space: pre-wrap')
  })

  it('shows what people typed as text, never as markup', async () => {
    const { app } = server()
    const account = { ...newAccountBody(), fullName: '<img src=x onerror=alert(1)> Mallory' }
    expect((await post(app, API_PATHS.signUp, account)).statusCode).toBe(201)
    await askForLink(account.email)
    const page = await app.inject({ method: 'GET', url: MAILBOX_PATH })
    expect(page.body).toContain('Hello &lt;img src=x onerror=alert(1)&gt; Mallory,')
    expect(page.body).not.toContain('<img')
  })

  it('answers only this computer: 404 to another address, or through a proxy', async () => {
    const { app } = server()
    for (const request of [
      { remoteAddress: '10.0.0.9' },
      { remoteAddress: '192.168.1.20' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
    ]) {
      const page = await app.inject({ method: 'GET', url: MAILBOX_PATH, ...request })
      expect(page.statusCode).toBe(404)
      expect(page.body).not.toContain('mailbox')
      const styles = await app.inject({ method: 'GET', url: MAILBOX_STYLES_PATH, ...request })
      expect(styles.statusCode).toBe(404)
    }
    const fromIpv6Loopback = await app.inject({
      method: 'GET',
      url: MAILBOX_PATH,
      remoteAddress: '::1',
    })
    expect(fromIpv6Loopback.statusCode).toBe(200)
  })
})

describe('in production without SMTP_URL', () => {
  const server = setupTestServer({ config: { production: true } })

  it('has no mailbox page, writes no file, and still answers a reset request the same', async () => {
    const { app, background, dataDir } = server()
    const { body } = await signedUp(app)
    const known = await post(app, API_PATHS.passwordReset, { email: body.email })
    const unknown = await post(app, API_PATHS.passwordReset, { email: newAccountBody().email })
    await background.idle()
    expect(known.statusCode).toBe(202)
    expect(unknown.body).toBe(known.body)
    expect(fileNames(dataDir)).toEqual([])
    const page = await app.inject({ method: 'GET', url: MAILBOX_PATH })
    expect(page.statusCode).toBe(404)
    const styles = await app.inject({ method: 'GET', url: MAILBOX_STYLES_PATH })
    expect(styles.statusCode).toBe(404)
  })
})
