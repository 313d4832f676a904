import type { AsIsDatabase } from '../db/as-is'

/**
 * Tables the migrations fill themselves (the admin's counters start at zero):
 * a database holding rows only there holds no data.
 */
const FILLED_BY_MIGRATIONS = new Set(['public.admin_counters'])

export type HeldRows = { table: string; rows: number }[]

/** The tables of `db` that hold rows, with how many; empty when it holds no data. */
export async function heldRows(db: AsIsDatabase): Promise<HeldRows> {
  // Unlogged tables (rate-limit counts) hold only what may be lost, as at any crash: not data.
  const tables = (await db.query(
    `select n.nspname as schema, c.relname as name from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and c.relpersistence = 'p'
       and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
       and n.nspname not like 'pg\\_%'
     order by 1, 2`,
  )) as { schema: string; name: string }[]
  const held: HeldRows = []
  for (const { schema, name } of tables) {
    const qualified = `${schema}.${name}`
    if (FILLED_BY_MIGRATIONS.has(qualified)) continue
    const [row] = await db.query(`select count(*)::int as n from ${quote(schema)}.${quote(name)}`)
    const rows = Number(row?.n ?? 0)
    if (rows > 0) held.push({ table: schema === 'public' ? name : qualified, rows })
  }
  // What a person recognises first: accounts, letters, purchases.
  const rank = (table: string) => {
    const at = FIRST_NAMED.indexOf(table)
    return at === -1 ? FIRST_NAMED.length : at
  }
  return held.sort((a, b) => rank(a.table) - rank(b.table))
}

const FIRST_NAMED = ['users', 'letters', 'subscriptions']

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

/** "12 rows in users, 40 in letters and 3 more tables". */
export function describeHeld(held: HeldRows): string {
  const shown = held
    .slice(0, 4)
    .map(({ table, rows }, index) =>
      index === 0 ? `${rows} row${rows === 1 ? '' : 's'} in ${table}` : `${rows} in ${table}`,
    )
  const more = held.length - shown.length
  return more > 0
    ? `${shown.join(', ')} and ${more} more table${more === 1 ? '' : 's'}`
    : shown.join(', ')
}
