import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import {
  type Change,
  type Mutation,
  type MutationArgs,
  type MutationName,
  type PullResponse,
  type PushResponse,
  SYNC_PATHS,
  type SyncedLetter,
} from '@/domain/sync'
import type { Database } from '../db/database'
import { post } from './test-server'

type NewLetter = MutationArgs<'letters.create'>['letter']

/** What a device sends to create a letter; each call a new id. */
export function newLetter(overrides: Partial<NewLetter> = {}): NewLetter {
  return {
    id: randomUUID(),
    type: 'Demand Letter',
    senderName: 'Ada Sender',
    senderAddress: '1 Main Street, Springfield',
    recipientName: 'Bob Recipient',
    recipientAddress: '2 High Street, Shelbyville',
    matter: 'Unpaid invoice 42',
    resolution: 'Pay the invoice within 14 days.',
    generator: 'built-in',
    createdAt: '2026-11-25T08:00:00.000Z',
    ...overrides,
  }
}

/**
 * One device of one account, as the sync protocol sees it: a client id and
 * the next mutation id, pushing and pulling through `app.inject`.
 */
export class SyncDevice {
  private nextId = 1

  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
    readonly clientId: string = randomUUID(),
  ) {}

  /** The next mutation of this device, numbered as its outbox would number it. */
  mutation<N extends MutationName>(name: N, args: MutationArgs<N>): Mutation {
    return { id: this.nextId++, name, args }
  }

  /** A mutation with any name and args, as a broken or malicious device might send. */
  raw(name: string, args: unknown): Mutation {
    return { id: this.nextId++, name, args }
  }

  send(path: string, body: Record<string, unknown>) {
    return post(this.app, path, body, this.cookie)
  }

  /** Pushes and expects a 200. */
  async push(...mutations: Mutation[]): Promise<PushResponse> {
    const response = await this.send(SYNC_PATHS.push, {
      clientId: this.clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<PushResponse>()
  }

  async pull(cursor = 0, limit = 1000, schemaVersion = SYNC_SCHEMA_VERSION): Promise<PullResponse> {
    const body = { clientId: this.clientId, cursor, limit, schemaVersion }
    const response = await this.send(SYNC_PATHS.pull, body)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<PullResponse>()
  }

  /** Every change above `cursor`, page by page, and the cursor at the end. */
  async pullAll(cursor = 0, limit = 1000): Promise<{ changes: Change[]; cursor: number }> {
    const changes: Change[] = []
    let at = cursor
    for (;;) {
      const page = await this.pull(at, limit)
      changes.push(...page.changes)
      at = page.cursor
      if (!page.more) return { changes, cursor: at }
    }
  }

  /** The letter as a pull from the start shows it now. */
  async letter(id: string): Promise<SyncedLetter | undefined> {
    const { changes } = await this.pullAll()
    const found = changes.findLast((change) => change.table === 'letters' && change.id === id)
    return found && 'row' in found ? (found.row as SyncedLetter) : undefined
  }
}

export type LetterDbRow = {
  version: number
  content: string
  status: string
  edited_elsewhere_at: Date | null
  content_client_id: string | null
  owner_id: string
}

/** The letter's row as the database holds it. */
export async function letterRow(database: Database, id: string): Promise<LetterDbRow | undefined> {
  const rows = (await database.query(
    `select version::int as version, content, status, edited_elsewhere_at, content_client_id, owner_id
     from letters where id = $1`,
    [id],
  )) as LetterDbRow[]
  return rows[0]
}

export async function versionsOf(database: Database, letterId: string) {
  return (await database.query(
    `select id, content, reason, answers from letter_versions where letter_id = $1 order by version`,
    [letterId],
  )) as { id: string; content: string; reason: string; answers: Record<string, string> }[]
}
