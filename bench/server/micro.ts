import { findSession } from '../../server/auth/sessions'
import { hashToken } from '../../server/auth/tokens'
import type { Database } from '../../server/db/database'
import { captureStatements, driverQuery, findSessionQuery } from './floor'

export type MicroRow = { name: string; note: string; cpuMicros: number }

const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/**
 * drizzle's arguments without the type parsers it hands the driver with every query: PGlite's
 * `parsers` (in the options, third) and pg's `types` (in the query config, first).
 */
function withoutParsers(args: unknown[]): unknown[] {
  return args.map((arg) => {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg
    const { parsers: _parsers, types: _types, ...rest } = arg as Record<string, unknown>
    return rest
  })
}

/**
 * findSession's work split into its parts, each called one at a time in this process, its CPU
 * time per call taken over `calls` calls, in `rounds` rounds taking turns; the median round counts.
 * With PostgreSQL the database's own work is in another process and not counted.
 */
export async function microProfile(
  database: Database,
  statement: string,
  token: string,
  { calls, rounds }: { calls: number; rounds: number },
): Promise<MicroRow[]> {
  const db = database.db
  const params = () => [hashToken(token), new Date().toISOString(), 1]
  const [sent] = await captureStatements(db, () => findSession(db, token, new Date()))
  if (!sent) throw new Error('findSession sent nothing')
  const { query } = driverQuery(db)
  const parts = [
    {
      name: 'raw driver call',
      note: "database.query: the floor's call",
      run: () => database.query(statement, params()),
    },
    {
      name: 'driver call as drizzle makes it',
      note: "the same statement with drizzle's own arguments: row mode, type parsers, pg's statement name",
      run: () => query(...sent.args.map((arg, index) => (index === 1 ? params() : arg))),
    },
    {
      name: '… less its type parsers',
      note: 'the same, without the type parsers drizzle passes with every query',
      run: () =>
        query(...withoutParsers(sent.args).map((arg, index) => (index === 1 ? params() : arg))),
    },
    {
      name: 'findSession',
      note: 'as the route calls it: its statement prepared once per database handle',
      run: () => findSession(db, token, new Date()),
    },
    {
      name: "findSession's statement built per call",
      note: 'the same, with the statement built on every call, then executed',
      run: () => findSessionQuery(db, hashToken(token), new Date()).execute(),
    },
    {
      name: 'building the query only',
      note: "drizzle's select builder and .toSQL(), no database",
      run: () => findSessionQuery(db).toSQL(),
    },
  ]
  const samples = parts.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? parts : [...parts].reverse()
    for (const part of order) {
      for (let call = 0; call < calls / 10; call++) await part.run()
      const before = cpuMicros()
      for (let call = 0; call < calls; call++) await part.run()
      samples[parts.indexOf(part)]?.push((cpuMicros() - before) / calls)
    }
  }
  return parts.map((part, index) => ({
    name: part.name,
    note: part.note,
    cpuMicros: median(samples[index] ?? []),
  }))
}
