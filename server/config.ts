import { resolve } from 'node:path'
import { z } from '@/lib/zod'

/** Used when ADMIN_SECRET is not set; documented in the README and warned about at start-up. */
export const DEVELOPMENT_ADMIN_SECRET = 'letterhead-dev-admin'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
const PAYMENT_GATEWAYS = ['test', 'stripe'] as const

const port = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a port number from 1 to 65535` })
    .int(`${name} must be a port number from 1 to 65535`)
    .min(1, `${name} must be a port number from 1 to 65535`)
    .max(65535, `${name} must be a port number from 1 to 65535`)

/** A value of spaces alone is a slip, never a setting. */
const text = (name: string) =>
  z.string().refine((value) => value.trim() !== '', `${name} must not be blank`)

/** A whole number of `unit` from `min` to `max`, said the same way whatever is wrong with it. */
const whole = (name: string, unit: string, min: number, max: number) => {
  const message = `${name} must be a whole number of ${unit} from ${min} to ${max}`
  return z.coerce.number({ message }).int(message).min(min, message).max(max, message)
}

const flag = (name: string) =>
  z.enum(['true', 'false', '1', '0'], { message: `${name} must be true or false` })

/** `name@host`, or a display name and `<name@host>`; no line breaks, which would add headers. */
const MAIL_FROM_PATTERN = /^(?:[^\r\n<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/

const configSchema = z.object({
  PORT: port('PORT').default(4173),
  HOST: text('HOST')
    .pipe(
      z
        .string()
        .regex(/^[^\s/]+$/, 'HOST must be a host name or an address, such as 127.0.0.1 or 0.0.0.0'),
    )
    .default('127.0.0.1'),
  DATA_DIR: text('DATA_DIR').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  STATIC_DIR: text('STATIC_DIR').default('dist'),
  ADMIN_SECRET: text('ADMIN_SECRET').optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  AUTH_RATE_LIMIT: z.coerce
    .number({ message: 'AUTH_RATE_LIMIT must be a whole number of requests a minute, at least 30' })
    .int('AUTH_RATE_LIMIT must be a whole number of requests a minute, at least 30')
    .min(30, 'AUTH_RATE_LIMIT must be a whole number of requests a minute, at least 30')
    .default(60),
  TRUST_PROXY: flag('TRUST_PROXY').default('false'),
  // Only http(s): any other scheme's origin is "null", which a sandboxed page elsewhere also sends.
  PUBLIC_ORIGIN: z
    .url({
      protocol: /^https?$/,
      message: 'PUBLIC_ORIGIN must be an origin such as https://letters.example.com',
    })
    .transform((value) => new URL(value).origin)
    .optional(),
  PAYMENT_GATEWAY: z
    .enum(PAYMENT_GATEWAYS, { message: 'PAYMENT_GATEWAY must be test or stripe' })
    .default('test'),
  STRIPE_SECRET_KEY: text('STRIPE_SECRET_KEY')
    .pipe(
      z
        .string()
        .regex(
          /^(sk|rk)_\S+$/,
          'STRIPE_SECRET_KEY must be a secret key from Stripe (sk_… or rk_…)',
        ),
    )
    .optional(),
  STRIPE_WEBHOOK_SECRET: text('STRIPE_WEBHOOK_SECRET')
    .pipe(
      z
        .string()
        .regex(
          /^whsec_\S+$/,
          "STRIPE_WEBHOOK_SECRET must be the webhook's signing secret (whsec_…)",
        ),
    )
    .optional(),
  // A local stand-in for Stripe's API (stripe-mock, a test's fake); Stripe itself when unset.
  STRIPE_API_BASE: z
    .url({
      protocol: /^https?$/,
      message: 'STRIPE_API_BASE must be an http(s) address such as http://127.0.0.1:12111',
    })
    .optional(),
  // E-mail (decision 034): SMTP when set; without it, a development mailbox (or, in production, none).
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message:
        'SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@smtp.example.com:465',
    })
    .optional(),
  MAIL_FROM: text('MAIL_FROM')
    .pipe(
      z
        .string()
        .regex(
          MAIL_FROM_PATTERN,
          'MAIL_FROM must be an address such as letters@example.com or Letterhead <letters@example.com>',
        ),
    )
    .optional(),
  NODE_ENV: z.string().optional(),
  // AI through the server (DESIGN.md §9, decision 031): off unless AI_BASE_URL and AI_MODEL are set.
  AI_BASE_URL: z
    .url({
      protocol: /^https?$/,
      message:
        'AI_BASE_URL must be the http(s) address of an OpenAI-compatible API, such as http://127.0.0.1:11434/v1',
    })
    .optional(),
  AI_MODEL: text('AI_MODEL')
    .pipe(
      z.string().regex(/^\S+$/, 'AI_MODEL must be a model name without spaces, such as llama3.1'),
    )
    .optional(),
  AI_API_KEY: text('AI_API_KEY')
    .pipe(z.string().regex(/^\S+$/, 'AI_API_KEY must not contain spaces or line breaks'))
    .optional(),
  AI_TIMEOUT_MS: whole('AI_TIMEOUT_MS', 'milliseconds', 1000, 3_600_000).default(120_000),
  AI_FIRST_TOKEN_TIMEOUT_MS: whole(
    'AI_FIRST_TOKEN_TIMEOUT_MS',
    'milliseconds',
    1000,
    3_600_000,
  ).default(30_000),
  AI_CONCURRENCY: whole('AI_CONCURRENCY', 'generations at once', 1, 1000).default(4),
  AI_QUEUE_TIMEOUT_MS: whole('AI_QUEUE_TIMEOUT_MS', 'milliseconds', 1000, 3_600_000).default(
    120_000,
  ),
  AI_RATE_LIMIT_PER_MINUTE: whole(
    'AI_RATE_LIMIT_PER_MINUTE',
    'letters a minute',
    1,
    10_000,
  ).default(6),
  AI_DAILY_TOKEN_BUDGET: whole('AI_DAILY_TOKEN_BUDGET', 'tokens a day', 1, 1_000_000_000).default(
    200_000,
  ),
})

const SECRET_NAMES = new Set([
  'ADMIN_SECRET',
  'DATABASE_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'AI_API_KEY',
  // Its user part is the SMTP account and password.
  'SMTP_URL',
  // An address may carry a token in its query or its user part.
  'AI_BASE_URL',
])

/** Who takes the money (DESIGN.md §8): the test gateway's test cards, or Stripe Checkout. */
export type PaymentSettings =
  | { gateway: 'test' }
  | {
      gateway: 'stripe'
      secretKey: string
      webhookSecret: string
      /** Where the SDK sends its requests; Stripe's own API when undefined. */
      apiBase: string | undefined
    }

/** How mail leaves the server (decision 034). */
export type MailSettings = {
  /** The SMTP server, with its account; unset: the development mailbox, or none in production. Never logged. */
  smtpUrl: string | undefined
  /** The From of every mail. */
  from: string
}

/** The OpenAI-compatible API the server writes letters with (DESIGN.md §9), and its limits. */
export type AiSettings = {
  /** Where the API is, up to `/v1`; never shown to browsers. */
  baseUrl: string
  model: string
  /** Sent as a bearer token when set; local servers need none. Never logged or answered. */
  apiKey: string | undefined
  /** The longest one generation may take, from asking the model to its last word. */
  timeoutMs: number
  /** The longest the model may take to send its first piece of text. */
  firstTokenTimeoutMs: number
  /** Generations at once across every instance sharing the database. */
  concurrency: number
  /** The longest a request waits in line for one of those; then it is answered AI_TIMEOUT. */
  queueTimeoutMs: number
  /** Attempts one user may start in a minute. */
  rateLimitPerMinute: number
  /** Tokens (asked and written) one user may spend in a UTC day. */
  dailyTokenBudget: number
}

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  staticDir: string
  adminSecret: string
  usesDevelopmentAdminSecret: boolean
  logLevel: (typeof LOG_LEVELS)[number]
  authRateLimit: number
  trustProxy: boolean
  /** The origin browsers see; when unset, each request's own Host is taken as the origin. */
  publicOrigin: string | undefined
  /** Who takes the money; the test gateway when absent. */
  payments?: PaymentSettings
  /** The server's AI; absent when AI_BASE_URL and AI_MODEL are not set. */
  ai?: AiSettings
  /** How mail is sent; the development mailbox, from Letterhead <no-reply@localhost>, when absent. */
  mail?: MailSettings
  /** NODE_ENV is production: no development mailbox, and SMTP needs PUBLIC_ORIGIN for its links. */
  production?: boolean
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Reads the environment; a bad value throws one line naming the variable and what it must be. */
export function readConfig(env: NodeJS.ProcessEnv): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
  const parsed = configSchema.safeParse(present)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const name = String(issue?.path[0] ?? 'configuration')
    // Secrets are never echoed: the line goes to logs.
    const got = SECRET_NAMES.has(name) ? '' : ` (got ${JSON.stringify(present[name] ?? '')})`
    throw new ConfigError(`Invalid ${name}: ${issue?.message ?? 'not a valid value'}${got}`)
  }
  const value = parsed.data
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: resolve(value.DATA_DIR),
    databaseUrl: value.DATABASE_URL,
    staticDir: resolve(value.STATIC_DIR),
    adminSecret: value.ADMIN_SECRET ?? DEVELOPMENT_ADMIN_SECRET,
    usesDevelopmentAdminSecret:
      (value.ADMIN_SECRET ?? DEVELOPMENT_ADMIN_SECRET) === DEVELOPMENT_ADMIN_SECRET,
    logLevel: value.LOG_LEVEL,
    authRateLimit: value.AUTH_RATE_LIMIT,
    trustProxy: value.TRUST_PROXY === 'true' || value.TRUST_PROXY === '1',
    publicOrigin: value.PUBLIC_ORIGIN,
    payments: paymentSettings(value),
    ai: aiSettings(value),
    mail: mailSettings(value),
    production: value.NODE_ENV === 'production',
  }
}

function mailSettings(value: z.output<typeof configSchema>): MailSettings {
  if (value.SMTP_URL !== undefined && value.NODE_ENV === 'production' && !value.PUBLIC_ORIGIN) {
    // Without it a reset link would take its address from the request's Host, which anyone can forge.
    throw new ConfigError(
      'Invalid PUBLIC_ORIGIN: PUBLIC_ORIGIN must be set when SMTP_URL is set in production, so the links in mails point at this server',
    )
  }
  const host = value.PUBLIC_ORIGIN ? new URL(value.PUBLIC_ORIGIN).hostname : 'localhost'
  return { smtpUrl: value.SMTP_URL, from: value.MAIL_FROM ?? `Letterhead <no-reply@${host}>` }
}

function aiSettings(value: z.output<typeof configSchema>): AiSettings | undefined {
  const { AI_BASE_URL: baseUrl, AI_MODEL: model } = value
  if (baseUrl === undefined && model === undefined) {
    if (value.AI_API_KEY !== undefined) {
      throw new ConfigError(
        'Invalid AI_API_KEY: AI_API_KEY is set but AI_BASE_URL and AI_MODEL are not',
      )
    }
    return undefined
  }
  if (baseUrl === undefined) {
    throw new ConfigError('Invalid AI_BASE_URL: AI_BASE_URL must be set when AI_MODEL is set')
  }
  if (model === undefined) {
    throw new ConfigError('Invalid AI_MODEL: AI_MODEL must be set when AI_BASE_URL is set')
  }
  if (value.AI_FIRST_TOKEN_TIMEOUT_MS > value.AI_TIMEOUT_MS) {
    throw new ConfigError(
      `Invalid AI_FIRST_TOKEN_TIMEOUT_MS: AI_FIRST_TOKEN_TIMEOUT_MS must not be longer than AI_TIMEOUT_MS, which is ${value.AI_TIMEOUT_MS} (got "${value.AI_FIRST_TOKEN_TIMEOUT_MS}")`,
    )
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    model,
    apiKey: value.AI_API_KEY,
    timeoutMs: value.AI_TIMEOUT_MS,
    firstTokenTimeoutMs: value.AI_FIRST_TOKEN_TIMEOUT_MS,
    concurrency: value.AI_CONCURRENCY,
    queueTimeoutMs: value.AI_QUEUE_TIMEOUT_MS,
    rateLimitPerMinute: value.AI_RATE_LIMIT_PER_MINUTE,
    dailyTokenBudget: value.AI_DAILY_TOKEN_BUDGET,
  }
}

function paymentSettings(value: z.output<typeof configSchema>): PaymentSettings {
  if (value.PAYMENT_GATEWAY === 'test') return { gateway: 'test' }
  return {
    gateway: 'stripe',
    secretKey: neededByStripe('STRIPE_SECRET_KEY', value.STRIPE_SECRET_KEY),
    webhookSecret: neededByStripe('STRIPE_WEBHOOK_SECRET', value.STRIPE_WEBHOOK_SECRET),
    apiBase: value.STRIPE_API_BASE,
  }
}

function neededByStripe(name: string, given: string | undefined): string {
  if (given === undefined) {
    throw new ConfigError(`Invalid ${name}: ${name} must be set when PAYMENT_GATEWAY is stripe`)
  }
  return given
}
