// The read side of the admin bench: GET /api/admin/stats and, for each of the six tables, its first
// page, a page deep in the keyset walk and a searched page, each through app.inject beside the same
// statements sent straight to the driver (the floor), in the bench's own process.
import type { FastifyInstance } from 'fastify'
import { ADMIN_PATHS, type AdminTable, adminTablePath } from '@/domain/admin-api'
import { encodeCursor, type RowKey } from '../../server/admin/keyset'
import type { Database } from '../../server/db/database'
import { median, percentile } from '../shared/stats'
import { captureStatements, driverQuery, type Sent } from './floor'

export type ReadKind = 'stats' | 'first' | 'deep' | 'search'

export type ReadSubject = {
  kind: ReadKind
  table: AdminTable | null
  url: string
  /** What it asks for, for the report: the row the deep page starts after, or the search. */
  note: string
}

export type Timing = { medianMs: number; p95Ms: number; runs: number }

export type ReadResult = ReadSubject & {
  /** Rows the page answered (stats: none). */
  rows: number
  route: Timing
  floor: Timing
  /** The page statement's plan, top node first, down its first children. */
  plan: string
  /** Whether any statement the request sent uses OFFSET. */
  usesOffset: boolean
}

/** Each list as the admin's page reads it: its table and the rows it lists. */
const LISTS: Record<AdminTable, { from: string; where: string }> = {
  users: { from: 'users', where: "role = 'user'" },
  employees: { from: 'users', where: "role = 'employee'" },
  letters: { from: 'letters', where: 'deleted_at is null' },
  subscriptions: { from: 'subscriptions', where: 'deleted_at is null' },
  messages: { from: 'contact_messages', where: 'true' },
  errors: { from: 'error_reports', where: 'true' },
}

/** Deep pages start after this row, or half-way down a list shorter than twice it. */
export const DEEP_ROW = 500_000
export const PAGE_LIMIT = 50

/** The cursor the page before row `position + 1` answers, computed from that row in one query. */
async function cursorAt(database: Database, table: AdminTable) {
  const list = LISTS[table]
  const [counted] = (await database.query(
    `select count(*)::int as n from ${list.from} where ${list.where}`,
  )) as { n: number }[]
  const rows = counted?.n ?? 0
  const position = Math.min(DEEP_ROW, Math.floor(rows / 2))
  // OFFSET here only finds the row to start after; the page itself is read by its cursor.
  const [key] = (await database.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
     from ${list.from} where ${list.where}
     order by created_at desc, id desc offset $1 limit 1`,
    [Math.max(0, position - 1)],
  )) as RowKey[]
  if (!key) throw new Error(`${table} has no row ${position}`)
  return { cursor: encodeCursor(table, key), position, rows }
}

/** What each table's search looks for: a surname, an employee's code, a kind of error. */
export type Searches = Record<AdminTable, string>

export async function readSubjects(
  database: Database,
  searches: Searches,
): Promise<{ subjects: ReadSubject[]; listed: Record<AdminTable, number> }> {
  const subjects: ReadSubject[] = [{ kind: 'stats', table: null, url: ADMIN_PATHS.stats, note: '' }]
  const listed = {} as Record<AdminTable, number>
  for (const table of Object.keys(LISTS) as AdminTable[]) {
    const page = `${adminTablePath(table)}?limit=${PAGE_LIMIT}`
    const deep = await cursorAt(database, table)
    listed[table] = deep.rows
    subjects.push(
      { kind: 'first', table, url: page, note: '' },
      {
        kind: 'deep',
        table,
        url: `${page}&cursor=${encodeURIComponent(deep.cursor)}`,
        note: `after row ${deep.position.toLocaleString('en-US')}`,
      },
      {
        kind: 'search',
        table,
        url: `${page}&q=${encodeURIComponent(searches[table])}`,
        note: `q=${searches[table]}`,
      },
    )
  }
  return { subjects, listed }
}

export type ReadPlan = { warmUp: number; runs: number }

/** The order of route (R) and floor (F) runs: each comes first as often as the other. */
const TURNS = ['R', 'F', 'F', 'R'] as const

/**
 * One subject: what the request sends is captured once and checked (200, rows, no OFFSET, its
 * plan), then the request and its statements alone run in turns, `runs` times each.
 */
export async function measureRead(
  database: Database,
  app: FastifyInstance,
  cookie: string,
  subject: ReadSubject,
  plan: ReadPlan,
): Promise<ReadResult> {
  const request = async () => {
    const answer = await app.inject({ method: 'GET', url: subject.url, headers: { cookie } })
    if (answer.statusCode !== 200)
      throw new Error(`${subject.url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`)
    return answer
  }
  let answered = await request()
  const sent = await captureStatements(database.db, async () => {
    answered = await request()
  })
  const body = answered.json<{ rows?: unknown[] }>()
  const rows = body.rows?.length ?? 0
  if (subject.kind !== 'stats' && rows === 0) throw new Error(`${subject.url} answered no rows`)
  const own = sent.filter((one) => !/"sessions"/.test(one.text))
  if (own.length !== 1) throw new Error(`${subject.url} sent ${own.length} statements of its own`)
  const [statement] = own as [Sent]
  const { query } = driverQuery(database.db)
  const floor = async () => {
    for (const one of sent) await query(...one.args)
  }
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now()
    await work()
    return performance.now() - started
  }
  for (let run = 0; run < plan.warmUp; run++) {
    await request()
    await floor()
  }
  const times: Record<'R' | 'F', number[]> = { R: [], F: [] }
  while (times.R.length < plan.runs) {
    for (const turn of TURNS) times[turn].push(await timed(turn === 'R' ? request : floor))
  }
  return {
    ...subject,
    rows,
    route: timing(times.R),
    floor: timing(times.F),
    plan: await planOf(database, statement),
    usesOffset: sent.some((one) => /\boffset\b/i.test(one.text)),
  }
}

const timing = (ms: number[]): Timing => ({
  medianMs: median(ms),
  p95Ms: percentile(ms, 0.95),
  runs: ms.length,
})

type PlanNode = {
  'Node Type': string
  'Parent Relationship'?: string
  'Scan Direction'?: string
  'Index Name'?: string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

/** A node's own input, leaving out the subqueries it runs beside (a letter count, an owner list). */
const input = (node: PlanNode) =>
  node.Plans?.find((child) => !['InitPlan', 'SubPlan'].includes(child['Parent Relationship'] ?? ''))

/** `Limit → Nested Loop → Index Scan Backward (letters_created_at_idx)`: the plan's spine. */
async function planOf(database: Database, statement: Sent): Promise<string> {
  const [row] = (await database.query(
    `explain (format json) ${statement.text}`,
    statement.params,
  )) as Record<string, unknown>[]
  const raw = row ? Object.values(row)[0] : undefined
  const document: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw
  let node = (document as { Plan: PlanNode }[] | undefined)?.[0]?.Plan
  const spine: string[] = []
  while (node && spine.length < 5) {
    const on = node['Index Name'] ?? node['Relation Name']
    const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : ''
    spine.push(`${node['Node Type']}${backward}${on ? ` (${on})` : ''}`)
    node = input(node)
  }
  return spine.join(' → ')
}
