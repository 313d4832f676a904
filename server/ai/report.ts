import { sql } from 'drizzle-orm'
import type { AiUsageReport } from '@/domain/ai-api'
import type { Db } from '../db/database'
import { startOfUtcDay } from './admission'
import { rowsOf } from '../db/rows-of'

const DAY_MS = 86_400_000
/** The users a report names: those who spent the most. */
const TOP_USERS = 20

/** Per attempt, what it came to; the same sums for days and for users. */
const TOTALS = sql`
  count(*) as attempts,
  count(*) filter (where u.outcome = 'ok') as letters,
  count(*) filter (where u.outcome in ('refused', 'upstream_error', 'timeout')) as failures,
  count(*) filter (where u.outcome = 'cancelled') as cancelled,
  count(*) filter (where u.outcome in ('budget', 'rate_limited')) as turned_away,
  coalesce(sum(u.tokens_in), 0) as tokens_in,
  coalesce(sum(u.tokens_out), 0) as tokens_out
`

type TotalsRow = {
  attempts: unknown
  letters: unknown
  failures: unknown
  cancelled: unknown
  turned_away: unknown
  tokens_in: unknown
  tokens_out: unknown
}

/** Counts come back as strings (node-postgres' bigint) or numbers (PGlite): numbers either way. */
const totalsOf = (row: TotalsRow | undefined) => ({
  attempts: Number(row?.attempts ?? 0),
  letters: Number(row?.letters ?? 0),
  failures: Number(row?.failures ?? 0),
  cancelled: Number(row?.cancelled ?? 0),
  turnedAway: Number(row?.turned_away ?? 0),
  tokensIn: Number(row?.tokens_in ?? 0),
  tokensOut: Number(row?.tokens_out ?? 0),
})

const isoDay = (at: Date) => at.toISOString().slice(0, 10)

/**
 * `GET /api/admin/ai-usage?days=N`: the last N UTC days, today included, from
 * `ai_usage` (decision 031): every day's totals, and the users who spent the
 * most tokens in them.
 */
export async function aiUsageReport(db: Db, now: Date, days: number): Promise<AiUsageReport> {
  const today = startOfUtcDay(now)
  const first = new Date(today.getTime() - (days - 1) * DAY_MS)
  const end = new Date(today.getTime() + DAY_MS)
  const inRange = sql`u.created_at >= ${first.toISOString()}::timestamptz
    and u.created_at < ${end.toISOString()}::timestamptz`
  const byDay = rowsOf<TotalsRow & { day: string }>(
    await db.execute(sql`
      select to_char((u.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, ${TOTALS}
      from ai_usage u
      where ${inRange}
      group by 1
    `),
  )
  const users = rowsOf<TotalsRow & { user_id: string; email: string; full_name: string }>(
    await db.execute(sql`
      select u.user_id, p.email, p.full_name, ${TOTALS}
      from ai_usage u join users p on p.id = u.user_id
      where ${inRange}
      group by u.user_id, p.email, p.full_name
      order by sum(u.tokens_in + u.tokens_out) desc, count(*) desc, u.user_id
      limit ${TOP_USERS}
    `),
  )
  const found = new Map(byDay.map((row) => [row.day, row]))
  return {
    from: isoDay(first),
    to: isoDay(today),
    days: Array.from({ length: days }, (_, index) => {
      const day = isoDay(new Date(first.getTime() + index * DAY_MS))
      return { day, ...totalsOf(found.get(day)) }
    }),
    users: users.map((row) => ({
      userId: row.user_id,
      email: row.email,
      fullName: row.full_name,
      ...totalsOf(row),
    })),
  }
}
