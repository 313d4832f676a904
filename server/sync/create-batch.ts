import { sql } from 'drizzle-orm'
import { letterContentSchema } from '@/domain/letter-schema'
import { type Mutation, mutationArgsSchemas, type MutationArgs, type Refusal } from '@/domain/sync'
import { ERROR_MESSAGES, type ErrorCode } from '@/domain/errors'
import type { Db } from '../db/database'
import { letters } from '../db/schema'
import { moveLetterCredits } from '../money/credits'
import { replyColumns } from './letter-details'
import { answersOf, type MutationContext } from './letter-store'
import { isRecord } from './mutations'
import { firstProblem, type Isolation, refusalOf } from './refusal'

const refusal = (id: number, code: ErrorCode, message: string = ERROR_MESSAGES[code]): Refusal => ({
  id,
  code,
  message,
})

type NewLetter = MutationArgs<'letters.create'>['letter']
type Completion = MutationArgs<'letters.complete'>

export type BatchOutcome = { changed: boolean; refused: Refusal[] }

/** The letter id a create's args name, before they are checked. */
const createdId = ({ args }: Mutation) =>
  isRecord(args) && isRecord(args.letter) && typeof args.letter.id === 'string'
    ? args.letter.id
    : undefined

const completedId = ({ args }: Mutation) =>
  isRecord(args) && typeof args.id === 'string' ? args.id : undefined

/**
 * Where the run of new letters that starts at `start` ends: `letters.create`
 * mutations, each possibly followed later in the run by the one
 * `letters.complete` that gives its letter its text. That is what a device
 * that wrote letters offline, or an upload, sends. Anything else ends the run.
 */
export function createRunEnd(mutations: readonly Mutation[], start: number): number {
  const created = new Set<string>()
  const completed = new Set<string>()
  let end = start
  for (; end < mutations.length; end += 1) {
    const mutation = mutations[end] as Mutation
    if (mutation.name === 'letters.create') {
      const id = createdId(mutation)
      if (id !== undefined) created.add(id)
      continue
    }
    const id = mutation.name === 'letters.complete' ? completedId(mutation) : undefined
    if (id === undefined || !created.has(id) || completed.has(id)) break
    completed.add(id)
  }
  return end
}

type Checked =
  | { id: number; create: NewLetter }
  | { id: number; complete: Completion }
  | { id: number; refusal: Refusal }

/** Each mutation's args checked on their own, as one mutation at a time would check them. */
function checked(run: readonly Mutation[]): Checked[] {
  return run.map(({ id, name, args }) => {
    if (name === 'letters.create') {
      const parsed = mutationArgsSchemas['letters.create'].safeParse(args)
      if (parsed.success) return { id, create: parsed.data.letter }
      return { id, refusal: refusal(id, 'INVALID_INPUT', firstProblem(parsed.error)) }
    }
    const parsed = mutationArgsSchemas['letters.complete'].safeParse(args)
    if (parsed.success) return { id, complete: parsed.data }
    return { id, refusal: refusal(id, 'INVALID_INPUT', firstProblem(parsed.error)) }
  })
}

type NewRow = ReturnType<typeof rowOf>

/**
 * A run of new letters (createRunEnd) applied inside the push's transaction,
 * in a savepoint: every new letter written by one statement, already
 * completed when its `letters.complete` is in the run. The rules are those of
 * one mutation at a time (letter-lifecycle.ts): args checked one by one, an id
 * the user already has is nothing to do, an id someone else has is not found,
 * text is checked as a completion checks it. Answers null when the run cannot
 * be applied this way (text the database refuses, an id taken meanwhile, a
 * completion of a letter that was there before): the savepoint is undone and
 * the caller replays the run one mutation at a time, which decides those.
 * Without a savepoint (`isolation` none), a refusal by the database leaves the
 * transaction failed: the answer is then `undo`, and the whole push is undone.
 */
export async function applyCreateRun(
  tx: Db,
  context: MutationContext,
  run: readonly Mutation[],
  isolation: Isolation,
): Promise<BatchOutcome | null | 'undo'> {
  const mutations = checked(run)
  const named = mutations.flatMap((m) =>
    'create' in m ? [m.create.id] : 'complete' in m ? [m.complete.id] : [],
  )
  const guarded = <T>(work: (inner: Db) => Promise<T>) =>
    isolation === 'savepoint' ? tx.transaction(work) : work(tx)
  try {
    return await guarded(async (savepoint) => {
      const owners = await ownersOf(savepoint, named)
      const rows = new Map<string, NewRow>()
      const refused: Refusal[] = []
      for (const mutation of mutations) {
        if ('refusal' in mutation) refused.push(mutation.refusal)
        else if ('create' in mutation) {
          const owner = owners.get(mutation.create.id)
          if (owner === undefined) {
            owners.set(mutation.create.id, context.userId)
            rows.set(mutation.create.id, rowOf(mutation.create))
          } else if (owner !== context.userId) refused.push(refusal(mutation.id, 'NOT_FOUND'))
        } else {
          const row = rows.get(mutation.complete.id)
          if (!row && owners.get(mutation.complete.id) === context.userId) return null
          const problem = row ? completionProblem(row, mutation.complete) : refusal(0, 'NOT_FOUND')
          if (problem) refused.push({ ...problem, id: mutation.id })
          else if (row) completeRow(row, mutation.complete, context)
        }
      }
      await insertRows(savepoint, context, [...rows.values()])
      await moveLetterCredits(savepoint, [...rows.values()].map(creditTaken(context)), context.now)
      return { changed: rows.size > 0, refused }
    })
  } catch (error) {
    if (refusalOf(error, 0) === null) throw error
    return isolation === 'savepoint' ? null : 'undo'
  }
}

/** What completeLetter would refuse in a letter this run has just written. */
function completionProblem(row: NewRow, { content }: Completion): Refusal | null {
  if (row.status === 'completed') {
    return refusal(0, 'INVALID_INPUT', 'This letter is completed already.')
  }
  const parsed = letterContentSchema.safeParse(content)
  return parsed.success ? null : refusal(0, 'INVALID_INPUT', firstProblem(parsed.error))
}

function completeRow(row: NewRow, { content, generator }: Completion, context: MutationContext) {
  Object.assign(row, { status: 'completed', content, generator, contentClientId: context.clientId })
}

async function ownersOf(tx: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const found = await tx
    .select({ id: letters.id, ownerId: letters.ownerId })
    .from(letters)
    .where(sql`${letters.id} = any(${sql.param(ids)}::uuid[])`)
  return new Map(found.map((row) => [row.id, row.ownerId]))
}

const rowOf = (letter: NewLetter) => {
  const { details, replyBy } = replyColumns(letter)
  return {
    id: letter.id,
    ...answersOf(letter),
    // As JSON text, one array element each: unnest reads one array per column.
    details: details === null ? null : JSON.stringify(details),
    replyBy,
    content: '',
    status: 'generating' as 'generating' | 'completed',
    generator: letter.generator,
    subscriptionId: letter.subscriptionId ?? null,
    contentClientId: null as string | null,
    createdAt: new Date(letter.createdAt).toISOString(),
  }
}

const creditTaken =
  ({ userId }: MutationContext) =>
  (row: NewRow) => ({ letterId: row.id, ownerId: userId, from: null, to: row.subscriptionId })

const column = <K extends keyof NewRow>(rows: readonly NewRow[], key: K) =>
  sql.param(rows.map((row) => row[key]))

/**
 * One `INSERT … SELECT` from `unnest`, one array a column: the statement and
 * its parameters stay the same size whatever the number of rows, and nothing
 * is built or checked per value (a multi-row `VALUES` through the query
 * builder cost more than the insert itself; docs/performance.md, Sync).
 */
async function insertRows(tx: Db, context: MutationContext, rows: readonly NewRow[]) {
  if (rows.length === 0) return
  await tx.execute(sql`
    insert into letters (
      id, owner_id, type, sender_name, sender_address, recipient_name, recipient_address,
      matter, resolution, details, reply_by, content, status, generator, subscription_id,
      content_client_id, created_at, updated_at, version
    )
    select
      n.id, ${context.userId}::uuid, n.type, n.sender_name, n.sender_address, n.recipient_name,
      n.recipient_address, n.matter, n.resolution, n.details::jsonb, n.reply_by, n.content,
      n.status, n.generator, n.subscription_id, n.content_client_id, n.created_at,
      ${context.now.toISOString()}::timestamptz, nextval('sync_version')
    from unnest(
      ${column(rows, 'id')}::uuid[], ${column(rows, 'type')}::text[],
      ${column(rows, 'senderName')}::text[], ${column(rows, 'senderAddress')}::text[],
      ${column(rows, 'recipientName')}::text[], ${column(rows, 'recipientAddress')}::text[],
      ${column(rows, 'matter')}::text[], ${column(rows, 'resolution')}::text[],
      ${column(rows, 'details')}::text[], ${column(rows, 'replyBy')}::text[],
      ${column(rows, 'content')}::text[], ${column(rows, 'status')}::text[],
      ${column(rows, 'generator')}::text[], ${column(rows, 'subscriptionId')}::text[],
      ${column(rows, 'contentClientId')}::uuid[], ${column(rows, 'createdAt')}::timestamptz[]
    ) as n(
      id, type, sender_name, sender_address, recipient_name, recipient_address, matter,
      resolution, details, reply_by, content, status, generator, subscription_id,
      content_client_id, created_at
    )
  `)
}
