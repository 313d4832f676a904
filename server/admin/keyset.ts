import { type AnyColumn, type SQL, sql } from 'drizzle-orm'
import type { AdminTable } from '@/domain/admin-api'
import { AppError } from '@/domain/errors'

/**
 * Keyset pages, newest first by (created_at, id) (decision 024). A page never
 * skips rows by OFFSET: the cursor is the last row's key, and the next page is
 * the rows below it. Rows added meanwhile sort above (or, when written with an
 * older time, where they belong); no row is repeated or missed.
 */

/** The last row of a page: its created_at to the microsecond, as PostgreSQL keeps it, and id. */
export type RowKey = { at: string; id: string }

/** What a table reader is asked for: rows below `after`, within `range`, matching `pattern`. */
export type TableQuery = {
  limit: number
  after: RowKey | null
  /** What was typed, with % _ and \ escaped for `ilike`; null when nothing was. */
  pattern: string | null
  range: CreatedRange
}

/** A row as a reader gives it, with the key the next page starts below. */
export type Keyed<Row> = { row: Row; key: RowKey }

/** created_at in UTC to the microsecond: a JavaScript Date would round it to the millisecond. */
export const rowKeyAt = (createdAt: AnyColumn) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const KEY_AT = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The opaque cursor: base64url of JSON naming the table, so one table's cursor is refused by another. */
export function encodeCursor(table: AdminTable, key: RowKey): string {
  return Buffer.from(JSON.stringify([table, key.at, key.id])).toString('base64url')
}

const badCursor = () =>
  new AppError('INVALID_INPUT', 'cursor is not one this list answered; start again without it.')

export function decodeCursor(table: AdminTable, cursor: string): RowKey {
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw badCursor()
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor()
  const [forTable, at, id] = parsed as unknown[]
  if (forTable !== table || typeof at !== 'string' || typeof id !== 'string') throw badCursor()
  if (!UUID.test(id) || !isRealInstant(at)) throw badCursor()
  return { at, id }
}

/** A time PostgreSQL will take: a real calendar date from year 1 on (JavaScript agrees to the ms). */
function isRealInstant(at: string): boolean {
  const match = KEY_AT.exec(at)
  if (!match || Number(match[1]) < 1) return false
  const millis = `${at.slice(0, 23)}Z`
  const date = new Date(millis)
  return !Number.isNaN(date.getTime()) && date.toISOString() === millis
}

/** Rows strictly below `after` in (created_at, id) order; one row comparison, which the index serves. */
export function below(createdAt: AnyColumn, id: AnyColumn, after: RowKey | null): SQL | undefined {
  if (!after) return undefined
  return sql`(${createdAt}, ${id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
}

/** Both bounds include what they name; `toBefore` is exclusive (the day after a `to` day). */
export type CreatedRange = { from: string | null; toAtMost: string | null; toBefore: string | null }

const FIRST = Date.parse('0001-01-01T00:00:00.000Z')
const LAST = Date.parse('9999-12-31T23:59:59.999Z')
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** An instant PostgreSQL and toISOString agree on: within years 1 to 9999. */
const clamp = (millis: number) => new Date(Math.min(LAST, Math.max(FIRST, millis))).toISOString()

/** `from` and `to` as the query gave them (a day or an instant), as bounds on created_at. */
export function createdRange(from: string | undefined, to: string | undefined): CreatedRange {
  const start = from === undefined ? null : Date.parse(DAY.test(from) ? `${from}T00:00:00Z` : from)
  let end: number | null = null
  let endIsDay = false
  if (to !== undefined) {
    endIsDay = DAY.test(to)
    end = endIsDay ? Date.parse(`${to}T00:00:00Z`) + 86_400_000 : Date.parse(to)
  }
  if (Number.isNaN(start) || Number.isNaN(end)) {
    throw new AppError('INVALID_INPUT', 'from and to must be dates (2026-11-25) or ISO times.')
  }
  if (start !== null && end !== null && (endIsDay ? start >= end : start > end)) {
    throw new AppError('INVALID_INPUT', 'from must not be after to.')
  }
  return {
    from: start === null ? null : clamp(start),
    toAtMost: end === null || endIsDay ? null : clamp(end),
    toBefore: end !== null && endIsDay && end <= LAST ? clamp(end) : null,
  }
}

export function createdWithin(createdAt: AnyColumn, range: CreatedRange): SQL[] {
  const conditions: SQL[] = []
  if (range.from) conditions.push(sql`${createdAt} >= ${range.from}::timestamptz`)
  if (range.toAtMost) conditions.push(sql`${createdAt} <= ${range.toAtMost}::timestamptz`)
  if (range.toBefore) conditions.push(sql`${createdAt} < ${range.toBefore}::timestamptz`)
  return conditions
}

/** What was typed, escaped to stand for itself inside an `ilike` pattern; blank is no search. */
export function searchPattern(q: string | undefined): string | null {
  const typed = q?.trim() ?? ''
  if (typed === '') return null
  return typed.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * Any of `columns` contains the pattern, case-insensitively. Written as
 * `ilike '%' || $q || '%'` so each column's trigram (pg_trgm GIN) index applies.
 */
export function contains(pattern: string, ...columns: AnyColumn[]): SQL {
  const anyOf = columns.map((column) => sql`${column} ilike '%' || ${pattern}::text || '%'`)
  return sql`(${sql.join(anyOf, sql` or `)})`
}
