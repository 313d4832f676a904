import type { Database } from '../db/database'

/** Every table's rows as one digest each, keyed by `schema.table`. */
export type RowDigests = Record<string, string>

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * A function answering a digest of every row of every table but `skip`, in
 * one statement: each table's rows as text, in order, hashed with md5. Two
 * equal answers mean no row was added, changed or removed. `only` narrows a
 * table, by name, to the rows an SQL condition keeps.
 */
export async function rowDigester(
  database: Pick<Database, 'query'>,
  skip: ReadonlySet<string>,
  only: Readonly<Record<string, string>> = {},
): Promise<() => Promise<RowDigests>> {
  const tables = (await database.query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  )) as { schema: string; name: string }[]
  const parts = tables
    .map(({ schema, name }) => ({ key: `${schema}.${name}`, schema, name }))
    .filter(({ key, name }) => !skip.has(key) && !skip.has(name))
    .map(
      ({ key, schema, name }) =>
        `select '${key.replaceAll("'", "''")}' as key, ` +
        `md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest ` +
        `from ${quote(schema)}.${quote(name)} t` +
        (Object.hasOwn(only, name) ? ` where ${only[name]}` : ''),
    )
  if (parts.length === 0) throw new Error('no tables to digest')
  const statement = parts.join(' union all ')
  return async () => {
    const rows = (await database.query(statement)) as { key: string; digest: string }[]
    return Object.fromEntries(rows.map((row) => [row.key, row.digest]))
  }
}
