import { sql } from 'drizzle-orm'
import { DAY_MS } from './draw'
import { iso, type Person, personName, type SeedContext, timeSince } from './context'
import { batches } from './draw'

const SUBJECTS = [
  'Question about the annual plans',
  'Invoice for my purchase',
  'My letter will not download',
  'Partnership enquiry',
  'Refund request',
  'Feedback on the letter templates',
  'Can I change the sender address?',
  'Bulk pricing for a law office',
] as const

const MESSAGES = [
  'Could you tell me whether unused letters carry over to the next year?',
  'I need a receipt with my company name on it for the accounts team.',
  'The PDF button spins and nothing happens on my phone. The text download works.',
  'We run a small property agency and would like to talk about a plan for the whole team.',
  'I bought the wrong plan by mistake this morning. Could it be refunded?',
  'The demand letter was clear and the other side paid within a week. Thank you.',
] as const

const ERRORS = [
  ["TypeError: Cannot read properties of undefined (reading 'content')", 'LetterView'],
  ['TypeError: Failed to fetch', 'syncNow'],
  ['QuotaExceededError: The quota has been exceeded.', 'putLetters'],
  ['ChunkLoadError: Loading chunk 12 failed.', 'loadExport'],
  ['RangeError: Invalid time value', 'formatLetterDate'],
  ['AbortError: The operation was aborted.', 'streamGeneration'],
] as const

const ROUTES = [
  '/app',
  '/app/letters',
  '/app/subscription',
  '/app/settings',
  '/admin',
  '/',
] as const

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
] as const

/** Share of error reports sent while someone was signed in. */
const SIGNED_IN_SHARE = 0.7
const YEAR_MS = 365 * DAY_MS

/** Messages from the contact form over the last year, from people with or without an account. */
export async function seedMessages(context: SeedContext, count: number) {
  const { draw } = context
  const since = context.now.getTime() - YEAR_MS
  for (const { start, count: size } of batches(count, context.batch)) {
    const rows = Array.from({ length: size }, (_, offset) => {
      const { fullName, local } = personName(context)
      return {
        name: fullName,
        email: `${local}.${context.tag}m${start + offset}@example.net`,
        subject: draw.pick(SUBJECTS),
        message: draw.pick(MESSAGES),
        createdAt: iso(timeSince(context, since)),
      }
    })
    const column = <K extends keyof (typeof rows)[number]>(key: K) =>
      sql.param(rows.map((row) => row[key]))
    await context.db.execute(sql`
      insert into contact_messages (id, name, email, subject, message, created_at, updated_at)
      select gen_random_uuid(), n.name, n.email, n.subject, n.message, n.created_at, n.created_at
      from unnest(${column('name')}::text[], ${column('email')}::text[],
        ${column('subject')}::text[], ${column('message')}::text[],
        ${column('createdAt')}::timestamptz[]) as n(name, email, subject, message, created_at)
    `)
    context.wrote('messages', size)
  }
}

/** Errors the app reported over the last year, most while a customer was signed in. */
export async function seedErrors(
  context: SeedContext,
  count: number,
  customers: readonly Person[],
) {
  const { draw } = context
  const since = context.now.getTime() - YEAR_MS
  for (const { count: size } of batches(count, context.batch)) {
    const rows = Array.from({ length: size }, () => {
      const user =
        customers.length > 0 && draw.chance(SIGNED_IN_SHARE) ? draw.pick(customers) : null
      const [message, where] = draw.pick(ERRORS)
      const asset = `assets/index-${draw.between(0x1000, 0xffff).toString(16)}.js`
      return {
        userId: user?.id ?? null,
        message,
        stack: `${message}\n    at ${where} (${asset}:1:${draw.between(100, 99_999)})\n    at renderWithHooks (${asset}:1:${draw.between(100, 99_999)})`,
        route: draw.pick(ROUTES),
        userAgent: draw.pick(USER_AGENTS),
        createdAt: iso(timeSince(context, Math.max(since, user?.createdAt ?? since))),
      }
    })
    const column = <K extends keyof (typeof rows)[number]>(key: K) =>
      sql.param(rows.map((row) => row[key]))
    await context.db.execute(sql`
      insert into error_reports (id, user_id, message, stack, route, user_agent, created_at,
        updated_at)
      select gen_random_uuid(), n.user_id, n.message, n.stack, n.route, n.user_agent, n.created_at,
        n.created_at
      from unnest(${column('userId')}::uuid[], ${column('message')}::text[],
        ${column('stack')}::text[], ${column('route')}::text[], ${column('userAgent')}::text[],
        ${column('createdAt')}::timestamptz[])
        as n(user_id, message, stack, route, user_agent, created_at)
    `)
    context.wrote('errors', size)
  }
}
