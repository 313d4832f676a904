import 'fake-indexeddb/auto'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { type LetterheadDatabase, openDatabase } from '@/data/database'
import { createInboxParts, type InboxParts } from '@/data/inbox-parts'
import { createApiClient } from '@/data/remote/api-client'
import { createInboxDelivery, type InboxDelivery } from '@/data/remote/inbox-delivery'
import { adminTablePath } from '@/domain/admin-api'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { signedUpAdmin } from '../../server/test-support/admin'
import { get, setupTestServer } from '../../server/test-support/test-server'

/**
 * Server mode: contact messages and error reports reach the real server,
 * queued on the device while they cannot, sent once, oldest first; a refused
 * one is not sent again (docs/decisions/028-inbox-queue.md).
 */

const RATE_WINDOW_MS = 1_500
const server = setupTestServer({
  inboxRateLimits: {
    messages: { max: 3, timeWindowMs: RATE_WINDOW_MS },
    errors: { max: 100, timeWindowMs: 60_000 },
  },
})

/** One browser's way to the server: its own address (rate limits are per address), and faults. */
function transport(app: FastifyInstance, address: string) {
  /** `down`: no answer at all; `gateway`: a proxy in front answers 502 with its own page. */
  const state = { down: false, gateway: false }
  const log: Array<{ path: string; status: number; id: unknown }> = []
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url
    if (state.down) throw new TypeError('Failed to fetch')
    if (state.gateway) {
      log.push({ path, status: 502, id: undefined })
      return new Response('<h1>502 Bad Gateway</h1>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      })
    }
    const body = typeof init.body === 'string' ? init.body : undefined
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: path,
      remoteAddress: address,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(body === undefined ? {} : { payload: body }),
    })
    log.push({
      path,
      status: response.statusCode,
      id: body === undefined ? undefined : (JSON.parse(body) as { id?: unknown }).id,
    })
    const retryAfter = response.headers['retry-after']
    return new Response(response.body, {
      status: response.statusCode,
      headers: {
        'content-type': String(response.headers['content-type'] ?? 'application/json'),
        ...(retryAfter === undefined ? {} : { 'retry-after': String(retryAfter) }),
      },
    })
  }
  return { fetch, state, log }
}

type Transport = ReturnType<typeof transport>

let devices = 0

type InboxDevice = InboxParts & {
  db: LetterheadDatabase
  network: { online: boolean }
  way: Transport
  /** The waits the device asked for, in order; `wake()` ends the last one now. */
  waits: number[]
  wake(): void
  warnings: unknown[]
  delivery: InboxDelivery
  /** How often the inbox parts asked for a send: on opening with a queue, and after each write. */
  asked: { sends: number }
  /** Resolves once a pass that started after this call has ended. */
  delivered(): Promise<void>
  goOnline(): void
  /** The tab closed; a new one opens on the same IndexedDB. */
  reload(): InboxDevice
}

/** A browser in server mode: the app's inbox parts and delivery, on fake-indexeddb. */
function inboxDevice(
  way: Transport = transport(server().app, `10.2.0.${++devices}`),
  dbName = `letterhead-inbox-${Date.now()}-${devices}`,
  network = { online: true },
): InboxDevice {
  const db = openDatabase(dbName)
  const events = new EventTarget()
  const waits: number[] = []
  const warnings: unknown[] = []
  let pending: (() => void) | null = null
  const delivery = createInboxDelivery({
    db,
    client: createApiClient({ fetch: way.fetch, online: () => network.online }),
    events,
    locks: null,
    // Waits are recorded, not slept: the test ends one when it likes.
    later: (task, ms) => {
      waits.push(ms)
      pending = task
      return () => {
        if (pending === task) pending = null
      }
    },
    warn: (message) => warnings.push(message),
  })
  const asked = { sends: 0 }
  const sender = {
    deliver: () => {
      asked.sends += 1
      return delivery.deliver()
    },
  }
  const parts = createInboxParts(
    { db, clock: () => new Date() },
    { queuesForServer: () => Promise.resolve(true), sender: () => Promise.resolve(sender) },
  )
  return {
    ...parts,
    db,
    network,
    way,
    waits,
    warnings,
    delivery,
    wake() {
      const task = pending
      pending = null
      task?.()
    },
    asked,
    delivered: () => delivery.deliver(),
    goOnline() {
      network.online = true
      events.dispatchEvent(new Event('online'))
    },
    reload() {
      delivery.stop()
      db.close()
      return inboxDevice(way, dbName, network)
    },
  }
}

const contact = (subject: string) => ({
  name: 'Grace Visitor',
  email: 'Grace@Example.com',
  subject,
  message: 'Do you write demand letters for landlords?',
})

async function serverRows(table: 'contact_messages' | 'error_reports', id: string) {
  return (await server().database.query(`select * from ${table} where id = $1`, [id])) as Record<
    string,
    unknown
  >[]
}

const posts = (way: Transport, path: string) => way.log.filter((call) => call.path === path)

describe('contact messages in server mode', () => {
  it('online, reach the server at once and the admin lists them', async () => {
    const device = inboxDevice()
    const sent = await device.messages.create(contact('Spanish letters'))
    await device.delivered()

    expect(await serverRows('contact_messages', sent.id)).toEqual([
      expect.objectContaining({
        name: 'Grace Visitor',
        email: 'grace@example.com',
        subject: 'Spanish letters',
      }),
    ])
    expect(await device.db.inboxQueue.count()).toBe(0)
    // The device keeps its copy, as in device-only mode.
    expect(await device.db.messages.get(sent.id)).toEqual(sent)
    const admin = await signedUpAdmin(server().app)
    const listed = await get(server().app, `${adminTablePath('messages')}?q=spanish`, admin.cookie)
    expect(listed.json<{ rows: { id: string }[] }>().rows.map((row) => row.id)).toEqual([sent.id])
  })

  it('offline, wait on the device through a reload and are sent once, oldest first, when back online', async () => {
    const device = inboxDevice()
    device.network.online = false
    const first = await device.messages.create(contact('First, offline'))
    const second = await device.messages.create(contact('Second, offline'))
    await device.delivered()
    expect(device.way.log).toEqual([])
    expect(await device.db.inboxQueue.count()).toBe(2)

    // The tab closes; the next one opens offline, tries at once, and still has them.
    const again = device.reload()
    await expect.poll(() => again.asked.sends).toBe(1)
    await again.delivered()
    expect(await again.db.inboxQueue.count()).toBe(2)
    expect(device.way.log).toEqual([])

    // The `online` event alone sends them.
    again.goOnline()
    await expect.poll(() => again.db.inboxQueue.count()).toBe(0)
    expect(posts(again.way, INBOX_PATHS.messages)).toEqual([
      { path: INBOX_PATHS.messages, status: 201, id: first.id },
      { path: INBOX_PATHS.messages, status: 201, id: second.id },
    ])
    expect(await again.db.inboxQueue.count()).toBe(0)
    expect(await serverRows('contact_messages', first.id)).toHaveLength(1)
    expect(await serverRows('contact_messages', second.id)).toHaveLength(1)

    // Nothing is sent again: not on the next `online`, not on the next start.
    again.goOnline()
    await again.delivered()
    await again.reload().delivered()
    expect(posts(again.way, INBOX_PATHS.messages)).toHaveLength(2)
  })

  it('sent at start: what a closed tab left queued goes as soon as the next one opens', async () => {
    const device = inboxDevice()
    device.network.online = false
    const sent = await device.messages.create(contact('Left queued'))
    device.network.online = true
    const again = device.reload()
    // No send and no `online` event: opening is enough.
    await expect.poll(() => again.db.inboxQueue.count()).toBe(0)
    expect(await serverRows('contact_messages', sent.id)).toHaveLength(1)
  })

  it('wait out a failing gateway and a dead network with growing backoff, then go', async () => {
    const device = inboxDevice()
    device.way.state.gateway = true
    const sent = await device.messages.create(contact('Through a failure'))
    await device.delivered()
    expect(await device.db.inboxQueue.count()).toBe(1)
    // 1 s, with jitter.
    expect(device.waits).toHaveLength(1)
    expect(device.waits[0]).toBeGreaterThanOrEqual(500)
    expect(device.waits[0]).toBeLessThanOrEqual(1_500)

    device.way.state.gateway = false
    device.way.state.down = true
    device.wake()
    await device.delivered()
    expect(await device.db.inboxQueue.count()).toBe(1)
    // 2 s, with jitter.
    expect(device.waits).toHaveLength(2)
    expect(device.waits[1]).toBeGreaterThanOrEqual(1_000)
    expect(device.waits[1]).toBeLessThanOrEqual(3_000)

    device.way.state.down = false
    device.wake()
    await device.delivered()
    expect(await device.db.inboxQueue.count()).toBe(0)
    expect(await serverRows('contact_messages', sent.id)).toHaveLength(1)
    expect(device.warnings).toEqual([])
  })

  it('two tabs sending the same queue at once store each message once', async () => {
    const device = inboxDevice()
    device.network.online = false
    const sent = await device.messages.create(contact('Two tabs'))
    // A second tab on the same storage, without Web Locks to keep them apart.
    const other = createInboxDelivery({
      db: device.db,
      client: createApiClient({ fetch: device.way.fetch, online: () => true }),
      events: null,
      locks: null,
    })
    device.network.online = true
    await Promise.all([device.delivered(), other.deliver()])
    // Both tabs sent it; the server kept one, under the device's id.
    const sends = posts(device.way, INBOX_PATHS.messages)
    expect(sends.map((call) => call.id)).toEqual([sent.id, sent.id])
    expect(sends.map((call) => call.status).sort()).toEqual([200, 201])
    const stored = (await server().database.query(
      `select id from contact_messages where subject = 'Two tabs'`,
    )) as { id: string }[]
    expect(stored).toEqual([{ id: sent.id }])
    expect(await device.db.inboxQueue.count()).toBe(0)
  })

  it('rate-limited (429), wait as long as the server said while error reports go on, then go once', async () => {
    const device = inboxDevice()
    device.network.online = false
    const messages = [
      await device.messages.create(contact('One')),
      await device.messages.create(contact('Two')),
      await device.messages.create(contact('Three')),
      await device.messages.create(contact('Four')),
    ]
    const report = await device.diagnostics.recordError({
      message: 'RangeError: too deep',
      stack: '',
      route: '/app',
    })
    device.goOnline()
    await device.delivered()

    const fourth = messages[3]?.id
    expect(posts(device.way, INBOX_PATHS.messages).map((call) => call.status)).toEqual([
      201, 201, 201, 429,
    ])
    expect(await serverRows('error_reports', report.id)).toHaveLength(1)
    expect((await device.db.inboxQueue.toArray()).map((entry) => entry.request.id)).toEqual([
      fourth,
    ])
    // The wait asked for is the server's Retry-After, in whole seconds; later passes wait the rest.
    const waited = Math.max(...device.waits)
    expect(waited).toBeGreaterThanOrEqual(1_000)
    expect(waited % 1_000).toBe(0)

    // Sends before the wait is over do not ask again.
    device.goOnline()
    await device.delivered()
    const fifth = await device.messages.create(contact('Five'))
    await device.delivered()
    expect(posts(device.way, INBOX_PATHS.messages)).toHaveLength(4)

    await new Promise((resolve) => setTimeout(resolve, waited + 50))
    device.wake()
    await device.delivered()
    expect(posts(device.way, INBOX_PATHS.messages).slice(4)).toEqual([
      { path: INBOX_PATHS.messages, status: 201, id: fourth },
      { path: INBOX_PATHS.messages, status: 201, id: fifth.id },
    ])
    expect(await device.db.inboxQueue.count()).toBe(0)
    expect(await serverRows('contact_messages', fourth ?? '')).toHaveLength(1)
  })

  it('refused (400, 413), leave the queue with a warning and are never sent again', async () => {
    const device = inboxDevice()
    device.network.online = false
    const id = () => crypto.randomUUID()
    // As an older app could have queued them: the server refuses both.
    const invalid = { ...contact('Bad'), id: id(), email: 'not an email' }
    const huge = { ...contact('Huge'), id: id(), message: 'x'.repeat(70_000) }
    await device.db.inboxQueue.bulkAdd([
      { kind: 'message', request: invalid, queuedAt: new Date().toISOString() },
      { kind: 'message', request: huge, queuedAt: new Date().toISOString() },
    ])
    const good = await device.messages.create(contact('Good'))
    device.goOnline()
    await device.delivered()

    expect(posts(device.way, INBOX_PATHS.messages).map((call) => call.status)).toEqual([
      400, 413, 201,
    ])
    expect(await device.db.inboxQueue.count()).toBe(0)
    expect(await serverRows('contact_messages', good.id)).toHaveLength(1)
    expect(device.warnings).toEqual([
      'The server refused a queued contact message (400 INVALID_INPUT); it stays on this device and is not sent again.',
      expect.stringContaining('The server refused a queued contact message (413 '),
    ])
    expect(device.warnings.join(' ')).not.toContain('not an email')
    expect(device.waits).toEqual([])

    device.goOnline()
    await device.delivered()
    await device.reload().delivered()
    expect(posts(device.way, INBOX_PATHS.messages)).toHaveLength(3)
  })
})

describe('error reports in server mode', () => {
  it('recorded offline, wait through a reload and reach the server once, back online', async () => {
    const device = inboxDevice()
    device.network.online = false
    const report = await device.diagnostics.recordError({
      message: 'TypeError: Cannot read properties of undefined',
      stack:
        'TypeError: Cannot read properties of undefined\n    at LetterView (letter-view.tsx:42)',
      route: '/app/letters/42',
    })
    expect(await device.db.errors.get(report.id)).toEqual(report)
    expect(await device.db.inboxQueue.count()).toBe(1)

    const again = device.reload()
    await expect.poll(() => again.asked.sends).toBe(1)
    await again.delivered()
    expect(again.way.log).toEqual([])
    again.goOnline()
    await expect.poll(() => again.db.inboxQueue.count()).toBe(0)
    expect(posts(again.way, INBOX_PATHS.errors)).toEqual([
      { path: INBOX_PATHS.errors, status: 201, id: report.id },
    ])
    expect(await serverRows('error_reports', report.id)).toEqual([
      expect.objectContaining({
        message: report.message,
        stack: report.stack,
        route: '/app/letters/42',
      }),
    ])
    const admin = await signedUpAdmin(server().app)
    const listed = await get(server().app, adminTablePath('errors'), admin.cookie)
    expect(listed.json<{ rows: { id: string }[] }>().rows.map((row) => row.id)).toContain(report.id)

    again.goOnline()
    await again.delivered()
    expect(posts(again.way, INBOX_PATHS.errors)).toHaveLength(1)
  })
})
