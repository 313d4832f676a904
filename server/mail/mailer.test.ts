import { describe, expect, it } from 'vitest'
import { testConfig } from '../test-support/test-server'
import { mailerFor, mailWarning } from './mailer'

const SMTP = { smtpUrl: 'smtp://127.0.0.1:2525', from: 'letters@example.com' }

describe('the mail transport the configuration names', () => {
  it('is SMTP whenever SMTP_URL is set, in production or not', () => {
    expect(mailerFor(testConfig({ mail: SMTP })).kind).toBe('smtp')
    expect(mailerFor(testConfig({ mail: SMTP, production: true })).kind).toBe('smtp')
  })

  it('is the development mailbox without SMTP_URL outside production, and nothing in production', () => {
    expect(mailerFor(testConfig({ dataDir: '/tmp/letterhead-mail' })).kind).toBe('mailbox')
    expect(mailerFor(testConfig({ dataDir: '/tmp/letterhead-mail', production: true })).kind).toBe(
      'none',
    )
  })

  it('warns at start-up only in production without SMTP_URL', async () => {
    expect(mailWarning(testConfig({ production: true }))).toMatch(/^SMTP_URL is not set: /)
    expect(mailWarning(testConfig({ production: true, mail: SMTP }))).toBeNull()
    expect(mailWarning(testConfig())).toBeNull()
    const none = mailerFor(testConfig({ production: true }))
    expect(await none.send({ to: 'a@example.com', subject: 'x', text: 'y' })).toBe(false)
  })
})
