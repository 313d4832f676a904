import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, DEVELOPMENT_ADMIN_SECRET, readConfig } from './config'

/** The error readConfig throws for `env`, or a failure when it throws none. */
function refusal(env: NodeJS.ProcessEnv): ConfigError {
  try {
    readConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`)
}

/** Values each variable must refuse; an empty value counts as unset, so it is not among them. */
const BAD_VALUES: Record<string, string[]> = {
  PORT: ['abc', '0', '-1', '65536', '80.5', '   ', '80\n81'],
  HOST: ['   ', 'local host', 'http://127.0.0.1'],
  DATA_DIR: ['   '],
  STATIC_DIR: ['   '],
  DATABASE_URL: ['mysql://root@db/letters', 'postgres://', 'localhost:5432/letters', '   '],
  ADMIN_SECRET: ['   ', '\t\n'],
  LOG_LEVEL: ['verbose', 'INFO', 'warning', '3'],
  AUTH_RATE_LIMIT: ['abc', '29', '0', '-60', '30.5', '1e1'],
  TRUST_PROXY: ['yes', 'TRUE', 'on', '2'],
  PUBLIC_ORIGIN: [
    'letters.example.com',
    'ftp://letters.example.com',
    'mailto:admin@letters.example.com',
    'javascript:alert(1)',
    'data:text/html,hi',
    'file:///etc/passwd',
  ],
  PAYMENT_GATEWAY: ['Stripe', 'paypal', 'none', '   '],
  STRIPE_API_BASE: ['127.0.0.1:12111', 'ftp://127.0.0.1:12111', 'stripe'],
  STRIPE_SECRET_KEY: ['   ', 'pk_test_51Hpublishable', 'sk_', 'whsec_abcdef'],
  STRIPE_WEBHOOK_SECRET: ['   ', 'sk_test_51Hsecretkey', 'whsec_'],
  AI_BASE_URL: ['127.0.0.1:11434/v1', 'ftp://127.0.0.1/v1', 'ollama', '   '],
  AI_MODEL: ['   ', 'llama 3', 'model\nname'],
  AI_API_KEY: ['   ', 'sk key', 'key\nline'],
  AI_TIMEOUT_MS: ['abc', '999', '0', '-1', '1.5', '3600001'],
  AI_FIRST_TOKEN_TIMEOUT_MS: ['abc', '999', '2.5'],
  AI_CONCURRENCY: ['abc', '0', '-2', '1.5', '1001'],
  AI_QUEUE_TIMEOUT_MS: ['abc', '999', '0', '3600001'],
  AI_RATE_LIMIT_PER_MINUTE: ['abc', '0', '0.5'],
  AI_DAILY_TOKEN_BUDGET: ['abc', '0', '-1', '1e12'],
  MAIL_FROM: [
    '   ',
    'letters',
    'Letterhead',
    'letters@',
    'Letterhead <letters>',
    'a@example.com\nBcc: b@example.com',
    'Letterhead\r\n <a@example.com>',
  ],
}

const SECRET_VALUES: Record<string, string[]> = {
  ADMIN_SECRET: ['   ', '\t\n'],
  DATABASE_URL: [
    'mysql://letterhead:s3cret-passw0rd@db.internal/letters',
    'https://letterhead:s3cret-passw0rd@db.internal/letters',
    'letterhead:s3cret-passw0rd@db.internal',
  ],
  STRIPE_SECRET_KEY: ['pk_live_51Hs3cretpublishable', 'live_51Hs3cretkeyvalue', 'sk_ s3cretkey'],
  STRIPE_WEBHOOK_SECRET: ['wh_s3cretsigningvalue', 's3cret hmac k3y'],
  AI_API_KEY: ['sk-s3cret k3yvalue', 'sk-s3cret\nk3yvalue'],
  AI_BASE_URL: [
    'models.internal/v1?token=s3cret-t0ken',
    'ftp://user:s3cret-passw0rd@models.internal',
  ],
  SMTP_URL: [
    'https://mailer:s3cret-passw0rd@relay.internal',
    'mailer:s3cret-passw0rd@relay.internal:465',
    'relay.internal:587?pass=s3cret-passw0rd',
  ],
}

describe('readConfig', () => {
  it('has a default for every variable, the data directory resolved, the development secret flagged', () => {
    const config = readConfig({})
    expect(config).toEqual({
      port: 4173,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      databaseUrl: undefined,
      staticDir: resolve('dist'),
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
      usesDevelopmentAdminSecret: true,
      logLevel: 'info',
      authRateLimit: 60,
      trustProxy: false,
      publicOrigin: undefined,
      payments: { gateway: 'test' },
      ai: undefined,
      mail: { smtpUrl: undefined, from: 'Letterhead <no-reply@localhost>' },
      production: false,
    })
  })

  it('takes an empty value as unset', () => {
    expect(readConfig({ PORT: '', HOST: '', ADMIN_SECRET: '', LOG_LEVEL: '' })).toEqual(
      readConfig({}),
    )
  })

  it('reads every variable', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/letterhead',
      DATABASE_URL: 'postgresql://letterhead@db.internal:5432/letters',
      STATIC_DIR: 'build/app',
      ADMIN_SECRET: 'a long and private admin secret',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '30',
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://letters.example.com/',
    })
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/letterhead',
      databaseUrl: 'postgresql://letterhead@db.internal:5432/letters',
      staticDir: resolve('build/app'),
      adminSecret: 'a long and private admin secret',
      usesDevelopmentAdminSecret: false,
      logLevel: 'warn',
      authRateLimit: 30,
      trustProxy: true,
      publicOrigin: 'https://letters.example.com',
      payments: { gateway: 'test' },
      mail: { smtpUrl: undefined, from: 'Letterhead <no-reply@letters.example.com>' },
      production: false,
    })
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
  })

  it('flags the development secret when it is set by hand too', () => {
    expect(readConfig({ ADMIN_SECRET: DEVELOPMENT_ADMIN_SECRET }).usesDevelopmentAdminSecret).toBe(
      true,
    )
  })

  it('keeps an origin to its scheme, host and port', () => {
    expect(readConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:4173/app?x=1' }).publicOrigin).toBe(
      'http://127.0.0.1:4173',
    )
    expect(readConfig({ PUBLIC_ORIGIN: 'HTTPS://Letters.Example.com:443' }).publicOrigin).toBe(
      'https://letters.example.com',
    )
  })

  describe.each(Object.entries(BAD_VALUES))('a bad %s', (name, values) => {
    it.each(values)(`%j is refused in one line that starts "Invalid ${name}:"`, (value) => {
      const { message } = refusal({ [name]: value })
      expect(message.startsWith(`Invalid ${name}: `)).toBe(true)
      expect(message).not.toMatch(/[\n\r\u2028\u2029]/)
      // Past the name, it says what the value must be.
      expect(message.length).toBeGreaterThan(`Invalid ${name}: `.length + 10)
    })
  })

  it('names the bad variable even when the others are fine', () => {
    const { message } = refusal({ PORT: '8080', HOST: '0.0.0.0', LOG_LEVEL: 'loud' })
    expect(message).toMatch(/^Invalid LOG_LEVEL: /)
    expect(message).toContain('fatal, error, warn, info, debug, trace, silent')
  })

  it('shows the value it could not use, for the variables that are not secret', () => {
    expect(refusal({ PORT: 'abc' }).message).toContain('"abc"')
  })

  describe.each(Object.entries(SECRET_VALUES))('%s', (name, values) => {
    it.each(values)('is never echoed, nor any part of it: %j', (value) => {
      const { message } = refusal({ [name]: value })
      expect(message).toMatch(new RegExp(`^Invalid ${name}: `))
      expect(message).not.toContain('got')
      expect(message).not.toContain(value)
      for (const part of value.split(/[:@/\s]+/).filter((part) => part.length > 3)) {
        expect(message).not.toContain(part)
      }
    })
  })

  it('refuses an auth rate limit below 30 a minute and says the least it takes', () => {
    for (const value of ['29', '1', '10']) {
      expect(refusal({ AUTH_RATE_LIMIT: value }).message).toBe(
        `Invalid AUTH_RATE_LIMIT: AUTH_RATE_LIMIT must be a whole number of requests a minute, at least 30 (got "${value}")`,
      )
    }
    expect(readConfig({ AUTH_RATE_LIMIT: '30' }).authRateLimit).toBe(30)
    expect(readConfig({ AUTH_RATE_LIMIT: '600' }).authRateLimit).toBe(600)
  })

  describe('mail', () => {
    const SMTP = 'smtps://mailer:s3cret-passw0rd@smtp.example.com:465'

    it("sends through SMTP_URL from MAIL_FROM, or a name at PUBLIC_ORIGIN's host", () => {
      expect(
        readConfig({ SMTP_URL: SMTP, MAIL_FROM: 'Letters <letters@example.com>' }).mail,
      ).toEqual({
        smtpUrl: SMTP,
        from: 'Letters <letters@example.com>',
      })
      expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail).toEqual({
        smtpUrl: 'smtp://127.0.0.1:2525',
        from: 'Letterhead <no-reply@localhost>',
      })
      expect(readConfig({ MAIL_FROM: 'letters@example.com' }).mail?.from).toBe(
        'letters@example.com',
      )
    })

    it('knows production from NODE_ENV', () => {
      expect(readConfig({ NODE_ENV: 'production' }).production).toBe(true)
      expect(readConfig({ NODE_ENV: 'development' }).production).toBe(false)
    })

    it('needs PUBLIC_ORIGIN for SMTP in production, so no Host header can choose where links point', () => {
      const { message } = refusal({ NODE_ENV: 'production', SMTP_URL: SMTP })
      expect(message).toMatch(
        /^Invalid PUBLIC_ORIGIN: PUBLIC_ORIGIN must be set when SMTP_URL is set/,
      )
      expect(message).not.toContain('s3cret')
      expect(
        readConfig({
          NODE_ENV: 'production',
          SMTP_URL: SMTP,
          PUBLIC_ORIGIN: 'https://letters.example.com',
        }).mail?.from,
      ).toBe('Letterhead <no-reply@letters.example.com>')
      // Without SMTP there are no links to point anywhere: production starts, and warns.
      expect(readConfig({ NODE_ENV: 'production' }).mail?.smtpUrl).toBeUndefined()
    })
  })

  describe('the payment gateway', () => {
    const STRIPE = {
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_51Hconfigtestkey',
      STRIPE_WEBHOOK_SECRET: 'whsec_configtestsecret',
    }

    it('is the test gateway unless told otherwise, whatever Stripe settings are present', () => {
      expect(readConfig({}).payments).toEqual({ gateway: 'test' })
      expect(readConfig({ ...STRIPE, PAYMENT_GATEWAY: 'test' }).payments).toEqual({
        gateway: 'test',
      })
    })

    it('is Stripe with its key, its webhook secret and, for a local stand-in, another API address', () => {
      expect(readConfig(STRIPE).payments).toEqual({
        gateway: 'stripe',
        secretKey: 'sk_test_51Hconfigtestkey',
        webhookSecret: 'whsec_configtestsecret',
        apiBase: undefined,
      })
      const local = readConfig({ ...STRIPE, STRIPE_API_BASE: 'http://127.0.0.1:12111' })
      expect(local.payments).toMatchObject({ apiBase: 'http://127.0.0.1:12111' })
      expect(
        readConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_restricted' }).payments,
      ).toMatchObject({ secretKey: 'rk_live_restricted' })
    })

    it.each(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const)(
      'refuses to start Stripe without %s, naming it',
      (name) => {
        for (const missing of [undefined, '']) {
          const { message } = refusal({ ...STRIPE, [name]: missing })
          expect(message).toBe(
            `Invalid ${name}: ${name} must be set when PAYMENT_GATEWAY is stripe`,
          )
        }
      },
    )

    it('names neither secret when something else is wrong', () => {
      const { message } = refusal({ ...STRIPE, PAYMENT_GATEWAY: 'paypal' })
      expect(message).toBe(
        'Invalid PAYMENT_GATEWAY: PAYMENT_GATEWAY must be test or stripe (got "paypal")',
      )
      expect(message).not.toContain('configtest')
    })
  })

  describe('the AI', () => {
    const AI = { AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1' }

    it('is off unless both its address and its model are set', () => {
      expect(readConfig({}).ai).toBeUndefined()
      expect(readConfig({ AI_BASE_URL: '', AI_MODEL: '' }).ai).toBeUndefined()
      // Limits alone turn nothing on.
      expect(readConfig({ AI_CONCURRENCY: '2' }).ai).toBeUndefined()
    })

    it('has its defaults: two minutes a letter, 30 s for the first words, 4 at once, two minutes in line, 6 a minute, 200,000 tokens a day', () => {
      expect(readConfig(AI).ai).toEqual({
        baseUrl: 'http://127.0.0.1:11434/v1',
        model: 'llama3.1',
        apiKey: undefined,
        timeoutMs: 120_000,
        firstTokenTimeoutMs: 30_000,
        concurrency: 4,
        queueTimeoutMs: 120_000,
        rateLimitPerMinute: 6,
        dailyTokenBudget: 200_000,
      })
    })

    it('reads every AI variable', () => {
      expect(
        readConfig({
          AI_BASE_URL: 'https://api.example.com/v1',
          AI_MODEL: 'gpt-4o-mini',
          AI_API_KEY: 'sk-configtestkey',
          AI_TIMEOUT_MS: '60000',
          AI_FIRST_TOKEN_TIMEOUT_MS: '5000',
          AI_CONCURRENCY: '1',
          AI_QUEUE_TIMEOUT_MS: '30000',
          AI_RATE_LIMIT_PER_MINUTE: '2',
          AI_DAILY_TOKEN_BUDGET: '5000',
        }).ai,
      ).toEqual({
        baseUrl: 'https://api.example.com/v1',
        model: 'gpt-4o-mini',
        apiKey: 'sk-configtestkey',
        timeoutMs: 60_000,
        firstTokenTimeoutMs: 5000,
        concurrency: 1,
        queueTimeoutMs: 30_000,
        rateLimitPerMinute: 2,
        dailyTokenBudget: 5000,
      })
    })

    it('names what is missing when only half of it is set', () => {
      expect(refusal({ AI_MODEL: 'llama3.1' }).message).toBe(
        'Invalid AI_BASE_URL: AI_BASE_URL must be set when AI_MODEL is set',
      )
      expect(refusal({ AI_BASE_URL: AI.AI_BASE_URL }).message).toBe(
        'Invalid AI_MODEL: AI_MODEL must be set when AI_BASE_URL is set',
      )
      const key = refusal({ AI_API_KEY: 'sk-configtestkey' }).message
      expect(key).toBe('Invalid AI_API_KEY: AI_API_KEY is set but AI_BASE_URL and AI_MODEL are not')
    })

    it('refuses a first-token wait longer than the whole request may take', () => {
      expect(
        refusal({ ...AI, AI_TIMEOUT_MS: '10000', AI_FIRST_TOKEN_TIMEOUT_MS: '20000' }).message,
      ).toBe(
        'Invalid AI_FIRST_TOKEN_TIMEOUT_MS: AI_FIRST_TOKEN_TIMEOUT_MS must not be longer than AI_TIMEOUT_MS, which is 10000 (got "20000")',
      )
      expect(
        readConfig({ ...AI, AI_TIMEOUT_MS: '10000', AI_FIRST_TOKEN_TIMEOUT_MS: '10000' }).ai,
      ).toMatchObject({ timeoutMs: 10_000, firstTokenTimeoutMs: 10_000 })
    })

    it('says the range of a number it could not use', () => {
      expect(refusal({ ...AI, AI_CONCURRENCY: '0' }).message).toBe(
        'Invalid AI_CONCURRENCY: AI_CONCURRENCY must be a whole number of generations at once from 1 to 1000 (got "0")',
      )
    })
  })
})
