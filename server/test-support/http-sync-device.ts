import { randomUUID } from 'node:crypto'
import { API_PATHS, SYNC_SCHEMA_VERSION } from '@/domain/api'
import {
  type Mutation,
  type MutationArgs,
  type MutationName,
  type PullResponse,
  type PushResponse,
  SYNC_PATHS,
} from '@/domain/sync'
import { newAccountBody } from './test-server'

/** A request that got no answer: the server went away while it was in flight. */
export class NoAnswer extends Error {
  override name = 'NoAnswer'
}

/** One HTTP request to a server process, as a program sends it (no browser origin to check). */
export async function send(
  origin: string,
  path: string,
  {
    body,
    cookie,
    headers = {},
  }: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown; setCookie: string[] }> {
  let response: Response
  try {
    response = await fetch(`${origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  } catch (error) {
    throw new NoAnswer(`${path}: ${String(error)}`)
  }
  const text = await response.text().catch((error: unknown) => {
    throw new NoAnswer(`${path}: the answer was cut off (${String(error)})`)
  })
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as unknown) : null,
    setCookie: response.headers.getSetCookie(),
  }
}

/** Signs up a new account over HTTP; its user id, coupon code (employees) and session cookie. */
export async function signUpOver(origin: string, role: 'user' | 'employee' = 'user') {
  const answer = await send(origin, API_PATHS.signUp, { body: newAccountBody(role) })
  const cookie = answer.setCookie.find((c) => c.includes('letterhead_session='))?.split(';')[0]
  if (answer.status !== 201 || !cookie) {
    throw new Error(`sign-up answered ${answer.status}: ${JSON.stringify(answer.json)}`)
  }
  const { user } = answer.json as { user: { id: string; couponCode?: string } }
  return { userId: user.id, couponCode: user.couponCode, cookie }
}

/**
 * One device as the sync protocol sees it (DESIGN.md §7), over real HTTP: an
 * outbox of numbered mutations, of which those up to `acknowledged` the server
 * has answered for. What was sent without an answer is sent again, with the
 * same ids, until one comes.
 */
export class HttpSyncDevice {
  readonly clientId = randomUUID()
  readonly outbox: Mutation[] = []
  /** The highest mutation id a push answer has acknowledged. */
  acknowledged = 0
  /** Refusals the server answered, which a test of good mutations expects none of. */
  readonly refused: PushResponse['refused'] = []

  constructor(
    private readonly origin: () => string,
    readonly cookie: string,
  ) {}

  /** Adds a mutation to the outbox, numbered as the device's outbox numbers it. */
  add<N extends MutationName>(name: N, args: MutationArgs<N>): Mutation {
    const mutation = { id: this.outbox.length + 1, name, args }
    this.outbox.push(mutation)
    return mutation
  }

  get pending(): Mutation[] {
    return this.outbox.filter((mutation) => mutation.id > this.acknowledged)
  }

  /** Pushes up to `batch` unacknowledged mutations; throws `NoAnswer` when none comes. */
  async pushSome(batch: number): Promise<void> {
    const mutations = this.pending.slice(0, batch)
    if (mutations.length === 0) return
    const answer = await send(this.origin(), SYNC_PATHS.push, {
      cookie: this.cookie,
      body: { clientId: this.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations },
    })
    if (answer.status !== 200) {
      throw new Error(`push answered ${answer.status}: ${JSON.stringify(answer.json)}`)
    }
    const pushed = answer.json as PushResponse
    this.refused.push(...pushed.refused)
    this.acknowledged = Math.max(this.acknowledged, pushed.lastMutationId)
  }

  /** Pushes until the outbox is acknowledged, `batch` mutations a request. */
  async pushAll(batch: number): Promise<void> {
    while (this.pending.length > 0) await this.pushSome(batch)
  }

  /** One page of the account's changes, with the server's last mutation id for this client. */
  async pull(cursor = 0, limit = 1000): Promise<PullResponse> {
    const answer = await send(this.origin(), SYNC_PATHS.pull, {
      cookie: this.cookie,
      body: { clientId: this.clientId, cursor, limit, schemaVersion: SYNC_SCHEMA_VERSION },
    })
    if (answer.status !== 200) {
      throw new Error(`pull answered ${answer.status}: ${JSON.stringify(answer.json)}`)
    }
    return answer.json as PullResponse
  }
}
