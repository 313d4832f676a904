// The sync part's floors, run in the target process on the server's own Database: raw statements
// through the driver drizzle holds (PGlite itself, or the same pg pool), with no ORM, no Fastify
// plugins and no zod.
import type { PGlite } from '@electric-sql/pglite'
import Fastify, { type FastifyInstance } from 'fastify'
import type pg from 'pg'
import { errorBody } from '@/domain/api'
import type { Mutation, MutationArgs } from '@/domain/sync'
import type { Database } from '../../server/db/database'
import { driverQuery, rawFindUser, tokenFromHeader } from './floor'
import type { NewLetter } from './sync-data'

export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>

/** Runs `work` in one transaction on one connection of the driver drizzle holds. */
export async function rawTransaction<T>(
  database: Database,
  work: (query: Query) => Promise<T>,
): Promise<T> {
  const { client } = driverQuery(database.db)
  if (database.kind === 'pglite') {
    return (client as PGlite).transaction((tx) =>
      work(async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows),
    )
  }
  const connection = await (client as pg.Pool).connect()
  try {
    await connection.query('begin')
    const result = await work(
      async (text, params) => (await connection.query<Record<string, unknown>>(text, params)).rows,
    )
    await connection.query('commit')
    return result
  } catch (error) {
    await connection.query('rollback').catch(() => undefined)
    throw error
  } finally {
    connection.release()
  }
}

/** The columns a new letter fills (server/sync/letter-lifecycle.ts and create-batch.ts). */
const LETTER_COLUMNS =
  'id, owner_id, type, sender_name, sender_address, recipient_name, recipient_address, matter, resolution, content, status, generator, content_client_id, subscription_id, version, created_at, updated_at'
const PARAMS_PER_LETTER = 14

/** A letter as the floor stores it: new (`content` empty, generating) or already written. */
export type FloorLetter = NewLetter & { content?: string; clientId?: string }

function letterParams(letter: FloorLetter, ownerId: string, now: string): unknown[] {
  const written = letter.content !== undefined
  return [
    letter.id,
    ownerId,
    letter.type,
    letter.senderName,
    letter.senderAddress,
    letter.recipientName,
    letter.recipientAddress,
    letter.matter,
    letter.resolution,
    letter.content ?? '',
    written ? 'completed' : 'generating',
    letter.generator,
    letter.createdAt,
    now,
  ]
}

/** One row's placeholders from `$first`, version from the sequence. */
function letterValues(first: number, clientId: string | null): string {
  const $ = (offset: number) => `$${first + offset}`
  const client = clientId === null ? 'null' : `'${clientId}'`
  return `(${$(0)}, ${$(1)}, ${$(2)}, ${$(3)}, ${$(4)}, ${$(5)}, ${$(6)}, ${$(7)}, ${$(8)}, ${$(9)}, ${$(10)}, ${$(11)}, ${client}, null, nextval('sync_version'), ${$(12)}, ${$(13)})`
}

const UUID = /^[0-9a-f-]{36}$/

/** The floor of a push: the rows it leaves, in one multi-row INSERT through the same driver. */
export async function insertLettersBatched(
  database: Database,
  ownerId: string,
  letters: readonly FloorLetter[],
): Promise<void> {
  const now = new Date().toISOString()
  const values = letters.map((letter, index) => {
    const client = letter.clientId && UUID.test(letter.clientId) ? letter.clientId : null
    return letterValues(index * PARAMS_PER_LETTER + 1, client)
  })
  await database.query(
    `insert into letters (${LETTER_COLUMNS}) values ${values.join(', ')}`,
    letters.flatMap((letter) => letterParams(letter, ownerId, now)),
  )
}

/**
 * The statements push() sends for a run of `letters.create` (server/sync/create-batch.ts), raw,
 * in one transaction: the user's row lock, the client's last id, which of the ids exist, one
 * multi-row INSERT, the client's new id. What push() adds over this is drizzle, zod and its code.
 */
export async function createBatchRaw(
  database: Database,
  ownerId: string,
  clientId: string,
  letters: readonly NewLetter[],
): Promise<void> {
  const now = new Date().toISOString()
  await claimRaw(database, ownerId, clientId, now)
  await rawTransaction(database, async (query) => {
    await query('select id from users where id = $1 for no key update', [ownerId])
    await query('select last_mutation_id from sync_clients where id = $1', [clientId])
    await query('select id, owner_id from letters where id = any($1::uuid[])', [
      letters.map((letter) => letter.id),
    ])
    const values = letters.map((_, index) => letterValues(index * PARAMS_PER_LETTER + 1, null))
    await query(
      `insert into letters (${LETTER_COLUMNS}) values ${values.join(', ')}`,
      letters.flatMap((letter) => letterParams(letter, ownerId, now)),
    )
    await query('update sync_clients set last_mutation_id = $1, last_seen_at = $2 where id = $3', [
      letters.length,
      now,
      clientId,
    ])
  })
}

async function claimRaw(database: Database, ownerId: string, clientId: string, now: string) {
  await database.query(
    'insert into sync_clients (id, user_id, last_mutation_id, created_at, last_seen_at) values ($1, $2, default, $3, $3) on conflict do nothing',
    [clientId, ownerId, now],
  )
}

/**
 * One `letters.create` or `letters.complete` as push() replays it (letter-lifecycle.ts), raw:
 * for a create, whether the id exists, then the INSERT; for a complete, the letter's row, then
 * the UPDATE.
 */
async function replayOne(query: Query, ownerId: string, clientId: string, mutation: Mutation) {
  const now = new Date().toISOString()
  if (mutation.name === 'letters.create') {
    const { letter } = mutation.args as MutationArgs<'letters.create'>
    const there = await query('select owner_id from letters where id = $1', [letter.id])
    if (there.length === 0)
      await query(
        `insert into letters (${LETTER_COLUMNS}) values ${letterValues(1, null)}`,
        letterParams(letter, ownerId, now),
      )
    return
  }
  if (mutation.name === 'letters.complete') {
    const args = mutation.args as MutationArgs<'letters.complete'>
    const [letter] = await query('select * from letters where id = $1', [args.id])
    if (letter?.owner_id !== ownerId) throw new Error('The floor found no letter to complete')
    await query(
      `update letters set status = 'completed', content = $1, generator = $2, error = null, content_client_id = $3, version = nextval('sync_version'), updated_at = $4 where id = $5`,
      [args.content, args.generator, clientId, now, args.id],
    )
    return
  }
  throw new Error(`The floor does not replay ${mutation.name}`)
}

/**
 * push()'s path for mutations it cannot batch (server/sync/push.ts, replay), raw: each mutation
 * in its own transaction, with the user's row lock, the client's last id, the mutation's own
 * statements, and the client's new id.
 */
export async function replayRaw(
  database: Database,
  ownerId: string,
  clientId: string,
  mutations: readonly Mutation[],
): Promise<void> {
  const now = new Date().toISOString()
  await claimRaw(database, ownerId, clientId, now)
  for (const mutation of mutations) {
    await rawTransaction(database, async (query) => {
      await query('select id from users where id = $1 for no key update', [ownerId])
      const [client] = await query('select last_mutation_id from sync_clients where id = $1', [
        clientId,
      ])
      if (Number(client?.last_mutation_id ?? 0) >= mutation.id) return
      await replayOne(query, ownerId, clientId, mutation)
      await query(
        'update sync_clients set last_mutation_id = $1, last_seen_at = $2 where id = $3',
        [mutation.id, now, clientId],
      )
    })
  }
}

/**
 * What-if: the same statements with the whole push in one transaction, the user's row locked and
 * the client's id read and written once, and a savepoint around each mutation so a refused one is
 * undone alone: decision 021's "each in its own transaction" as "each under its own savepoint".
 */
export async function replayWithSavepoints(
  database: Database,
  ownerId: string,
  clientId: string,
  mutations: readonly Mutation[],
): Promise<void> {
  const now = new Date().toISOString()
  await claimRaw(database, ownerId, clientId, now)
  await rawTransaction(database, async (query) => {
    await query('select id from users where id = $1 for no key update', [ownerId])
    const [client] = await query('select last_mutation_id from sync_clients where id = $1', [
      clientId,
    ])
    const applied = Number(client?.last_mutation_id ?? 0)
    for (const mutation of mutations) {
      if (mutation.id <= applied) continue
      await query('savepoint mutation')
      await replayOne(query, ownerId, clientId, mutation)
      await query('release savepoint mutation')
    }
    await query('update sync_clients set last_mutation_id = $1, last_seen_at = $2 where id = $3', [
      mutations.at(-1)?.id ?? applied,
      now,
      clientId,
    ])
  })
}

type Args<N extends 'letters.create' | 'letters.complete' | 'letters.editContent'> = MutationArgs<N>

/** The mutations the devices of the load send, applied with the fewest statements that do it. */
async function applyRaw(query: Query, userId: string, clientId: string, mutation: Mutation) {
  const now = new Date().toISOString()
  switch (mutation.name) {
    case 'letters.create': {
      const { letter } = mutation.args as Args<'letters.create'>
      await query(
        `insert into letters (${LETTER_COLUMNS}) values ${letterValues(1, null)} on conflict (id) do nothing`,
        letterParams(letter, userId, now),
      )
      return
    }
    case 'letters.complete': {
      const args = mutation.args as Args<'letters.complete'>
      await query(
        `update letters set status = 'completed', content = $1, generator = $2, error = null, content_client_id = $3, version = nextval('sync_version'), updated_at = $4 where id = $5 and owner_id = $6`,
        [args.content, args.generator, clientId, now, args.id, userId],
      )
      return
    }
    case 'letters.editContent': {
      const args = mutation.args as Args<'letters.editContent'>
      await query(
        `insert into letter_versions (id, letter_id, owner_id, content, answers, reason, version, created_at, updated_at)
         select $1, id, owner_id, content,
           jsonb_build_object('type', type, 'senderName', sender_name, 'senderAddress', sender_address,
             'recipientName', recipient_name, 'recipientAddress', recipient_address, 'matter', matter,
             'resolution', resolution),
           'edited', nextval('sync_version'), $2, $2
         from letters where id = $3 and owner_id = $4`,
        [args.versionId, now, args.id, userId],
      )
      await query(
        `update letters set content = $1, content_client_id = $2, version = nextval('sync_version'), updated_at = $3 where id = $4 and owner_id = $5`,
        [args.content, clientId, now, args.id, userId],
      )
      return
    }
    default:
      throw new Error(`The floor does not apply ${mutation.name}`)
  }
}

type PushBody = { clientId: string; mutations: Mutation[] }
type PullBody = { clientId: string; cursor: number; limit: number }

/**
 * The floor of the devices' load: a bare Fastify app whose push applies a batch's mutations with
 * raw statements in one transaction and records the client's last id, and whose pull reads the
 * user's letters and previous versions above the cursor in one statement (one snapshot). Both
 * find the session with the route's own statement, as GET /api/auth/me's floor does.
 */
export function buildSyncFloor(database: Database, sessionStatement: string): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 })
  const user = async (cookie: string | undefined) => {
    const token = tokenFromHeader(cookie)
    return token ? rawFindUser(database, sessionStatement, token) : null
  }
  app.post('/api/sync/push', async (request, reply) => {
    const signedIn = await user(request.headers.cookie)
    if (!signedIn) return reply.status(401).send(errorBody('NOT_SIGNED_IN'))
    const { clientId, mutations } = request.body as PushBody
    const last = mutations.at(-1)?.id ?? 0
    await rawTransaction(database, async (query) => {
      for (const mutation of mutations) await applyRaw(query, signedIn.id, clientId, mutation)
      await query(
        `insert into sync_clients (id, user_id, last_mutation_id, created_at, last_seen_at) values ($1, $2, $3, $4, $4)
         on conflict (id) do update set last_mutation_id = excluded.last_mutation_id, last_seen_at = excluded.last_seen_at`,
        [clientId, signedIn.id, last, new Date().toISOString()],
      )
    })
    return { lastMutationId: last, refused: [] }
  })
  app.post('/api/sync/pull', async (request, reply) => {
    const signedIn = await user(request.headers.cookie)
    if (!signedIn) return reply.status(401).send(errorBody('NOT_SIGNED_IN'))
    const { clientId, cursor, limit } = request.body as PullBody
    const rows = await database.query(
      `select version, tbl, id, row, (select last_mutation_id from sync_clients where id = $4) as last_mutation_id from (
         select version, 'letters' as tbl, id, to_jsonb(l) - 'owner_id' - 'content_client_id' as row from letters l where owner_id = $1 and version > $2
         union all
         select version, 'letterVersions', id, to_jsonb(v) - 'owner_id' from letter_versions v where owner_id = $1 and version > $2
       ) changes order by version limit $3`,
      [signedIn.id, cursor, limit + 1, clientId],
    )
    const page = (rows as Record<string, unknown>[]).slice(0, limit)
    return {
      cursor: Number(page.at(-1)?.version ?? cursor),
      lastMutationId: Number(rows[0] && (rows[0] as Record<string, unknown>).last_mutation_id) || 0,
      changes: page.map((row) => ({ table: row.tbl, id: row.id, row: row.row })),
      more: rows.length > limit,
      lettersRemaining: 0,
    }
  })
  return app
}
