import { getTableColumns, is, type SQL, sql } from 'drizzle-orm'
import { PgJson, PgJsonb, type PgTable } from 'drizzle-orm/pg-core'

/**
 * A row of `table` as `to_json` spelled it (keys are column names), read back
 * as the row drizzle's own select would give. Each column decodes its value
 * as from the driver, but a json column's value is already JSON: decoding it
 * again would turn the string "123" into the number 123.
 */
export function rowFromJson<T extends PgTable>(
  table: T,
  json: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    if (value === null || value === undefined) row[key] = null
    else if (is(column, PgJsonb) || is(column, PgJson)) row[key] = value
    else row[key] = column.mapFromDriverValue(value)
  }
  return row
}

/** The rows of a subquery as one json array, `[]` when there are none. */
export const jsonArrayOf = (rows: SQL): SQL<unknown[]> =>
  sql`(select coalesce(json_agg(page), '[]'::json) from (${rows}) page)`
