import { sql } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords'
import type { Db } from '../db/database'
import { DEMO_ADMIN_EMAIL, seedAccounts } from './accounts'
import type { DemoStage, DemoWords, SeedContext } from './context'
import { drawWith } from './draw'
import { seedErrors, seedMessages } from './inbox'
import { seedLetters } from './letters'
import { seedPurchases } from './purchases'
import type { DemoSizes } from './sizes'

/** Every demo account's password; the command prints it. */
export const DEMO_PASSWORD = 'letterhead-demo'

/** Rows per statement: a few MB of parameters at most, and progress every second or so. */
export const DEMO_BATCH = 10_000

/** What the seed wrote to, so the planner knows the new rows (PGlite has no autovacuum). */
const SEEDED_TABLES = [
  'users',
  'credentials',
  'letters',
  'subscriptions',
  'credit_ledger',
  'commissions',
  'commission_events',
  'employee_totals',
  'contact_messages',
  'error_reports',
]

export type SeedProgress = { stage: DemoStage; done: number; total: number }

export type SeedDemoOptions = {
  sizes: DemoSizes
  words: DemoWords
  now?: Date
  batch?: number
  random?: () => number
  /** A hash of DEMO_PASSWORD made before; computed once here when not given. */
  passwordHash?: string
  onProgress?: (progress: SeedProgress) => void
}

export type SeedDemoResult = {
  /** In every e-mail address the run made. */
  tag: string
  sizes: DemoSizes
  /** Seconds each stage took. */
  seconds: Record<DemoStage, number>
  admin: { email: string; created: boolean }
  customer: string | null
  employee: { email: string; couponCode: string } | null
}

/**
 * Adds demo data on top of what the database holds: customers, employees
 * with coupon codes, one admin, purchases with their credits and
 * commissions, letters, contact messages and error reports, in batches of
 * `INSERT … SELECT FROM unnest(…)`. The admin's counters are kept by their
 * triggers as for any other write (migration 0004_admin_totals). A second run
 * adds as much again beside the first, under another tag.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const { sizes } = options
  const totals: Record<DemoStage, number> = {
    accounts: sizes.users + sizes.employees + 1,
    purchases: sizes.subscriptions,
    letters: sizes.letters,
    messages: sizes.messages,
    errors: sizes.errors,
    vacuum: SEEDED_TABLES.length,
  }
  const done: Record<DemoStage, number> = {
    accounts: 0,
    purchases: 0,
    letters: 0,
    messages: 0,
    errors: 0,
    vacuum: 0,
  }
  const seconds = { ...done }
  const draw = drawWith(options.random)
  const context: SeedContext = {
    db,
    draw,
    words: options.words,
    now: options.now ?? new Date(),
    batch: options.batch ?? DEMO_BATCH,
    tag: draw
      .between(0, 36 ** 4 - 1)
      .toString(36)
      .padStart(4, '0'),
    wrote: (stage, rows) => {
      done[stage] += rows
      options.onProgress?.({ stage, done: done[stage], total: totals[stage] })
    },
  }
  const timed = async <T>(stage: DemoStage, work: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    options.onProgress?.({ stage, done: 0, total: totals[stage] })
    try {
      return await work()
    } finally {
      seconds[stage] = (performance.now() - started) / 1000
    }
  }

  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD))
  const { customers, employees, adminCreated } = await timed('accounts', async () => {
    const made = await seedAccounts(context, sizes, passwordHash)
    context.wrote('accounts', 1)
    return made
  })
  await timed('purchases', () => seedPurchases(context, sizes.subscriptions, customers, employees))
  await timed('letters', () => seedLetters(context, sizes.letters, customers))
  await timed('messages', () => seedMessages(context, sizes.messages))
  await timed('errors', () => seedErrors(context, sizes.errors, customers))
  await timed('vacuum', async () => {
    for (const table of SEEDED_TABLES) {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`)
      context.wrote('vacuum', 1)
    }
  })
  const [customer] = customers
  const [employee] = employees
  return {
    tag: context.tag,
    sizes,
    seconds,
    admin: { email: DEMO_ADMIN_EMAIL, created: adminCreated },
    customer: customer?.email ?? null,
    employee: employee ? { email: employee.email, couponCode: employee.couponCode } : null,
  }
}
