import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import type { SyncedLetter } from '@/domain/sync'
import { type Database, openDatabase } from '../../server/db/database'
import {
  HttpSyncDevice,
  NoAnswer,
  send,
  signUpOver,
} from '../../server/test-support/http-sync-device'
import { GOOD_CARD } from '../../server/test-support/purchases'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../server/test-support/scratch-database'
import { type ServerProcess, startServerProcess } from '../../server/test-support/server-process'
import { newLetter } from '../../server/test-support/sync-device'

/**
 * The server process killed (SIGKILL) while 200 devices push and customers
 * pay, then started again on the same data (decision 036). Every mutation and
 * purchase the server acknowledged before it died is there, once; the devices
 * send again what got no answer, and each of those arrives once; no purchase
 * is written twice or without its credits and commission. On PGlite (the same
 * DATA_DIR), and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const PORT = 4440
/** The first only pays; the others have ten devices each: 200 devices. */
const BUYERS = 21
const DEVICES_PER_BUYER = 10
const EDITS = 3
/** Mutations a push carries: a device's five take three pushes. */
const BATCH = 2
/** The share of all mutations acknowledged when the server is killed. */
const KILL_AFTER = 0.4
/** A first start creates and migrates PGlite's folder: seconds when idle, minutes on a busy machine. */
const STARTS_WITHIN_MS = 180_000

const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-crash-'))
const adminUrl = process.env.TEST_DATABASE_URL
let scratch: ScratchDatabase | undefined
let server: ServerProcess | undefined

afterAll(async () => {
  await server?.stop('SIGKILL')
  await scratch?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function start(): Promise<ServerProcess> {
  if (adminUrl) scratch ??= await createScratchDatabase(adminUrl, 'letterhead_crash')
  server = await startServerProcess(
    PORT,
    {
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-build'),
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    STARTS_WITHIN_MS,
  )
  return server
}

/**
 * Runs `work` on the server's database from this process. PGlite is one
 * process's alone: the server is stopped first, and started again after when
 * `restart` says so.
 */
async function onDatabase<T>(work: (database: Database) => Promise<T>, restart: boolean) {
  if (!scratch) await server?.stop('SIGTERM')
  const database = await openDatabase(
    scratch
      ? { kind: 'postgres', url: scratch.url, poolSize: 1 }
      : { kind: 'pglite', dataDir: dataDir },
  )
  try {
    return await work(database)
  } finally {
    await database.close()
    if (!scratch && restart) await start()
  }
}

const origin = () => `http://127.0.0.1:${PORT}`

/**
 * Holds a user's row as a push or a purchase locks it (`for no key update`),
 * in a transaction of this test's own, until released: that user's purchase
 * waits after its key is claimed (the claim only reads the row's key).
 */
async function holdUserRow(url: string, userId: string) {
  const client = new pg.Client({ connectionString: url })
  // A connection ended from the server's side (the scratch database dropped) is no test failure.
  client.on('error', () => undefined)
  await client.connect()
  await client.query('begin')
  await client.query('select id from users where id = $1 for no key update', [userId])
  return {
    claimed: async (key: string) =>
      (await client.query('select 1 from idempotency_keys where key = $1', [key])).rowCount === 1,
    release: async () => {
      await client.query('rollback').catch(() => undefined)
      await client.end()
    },
  }
}

type Buyer = Awaited<ReturnType<typeof signUpOver>> & {
  key: string
  /** The subscription an answer named, once one came. */
  paid?: string
}

/** The buyer's checkout under its one key: the answer's status, or none when the server died. */
async function checkout(buyer: Buyer, couponCode: string): Promise<number | 'no answer'> {
  try {
    const answer = await send(origin(), CHECKOUT_PATHS.checkout, {
      cookie: buyer.cookie,
      headers: { 'idempotency-key': buyer.key },
      body: { plan: 'annual4', couponCode, card: GOOD_CARD },
    })
    if (answer.status === 200 || answer.status === 201) {
      const { subscription } = answer.json as { subscription: { id: string } }
      if (buyer.paid !== undefined) expect(subscription.id).toBe(buyer.paid)
      buyer.paid = subscription.id
    }
    return answer.status
  } catch (error) {
    if (error instanceof NoAnswer) return 'no answer'
    throw error
  }
}

/** Pushes until done or until the server stops answering. */
async function pushUntilLost(device: HttpSyncDevice) {
  try {
    await device.pushAll(BATCH)
  } catch (error) {
    if (!(error instanceof NoAnswer)) throw error
  }
}

/**
 * Puts a letter's work in the device's outbox: create, complete, then the
 * edits. Answers the text each mutation id leaves the letter with.
 */
function addWork(device: HttpSyncDevice, index: number): string[] {
  const letter = newLetter({ matter: `Crash matter ${index}` })
  device.add('letters.create', { letter })
  const texts = ['', `Written on device ${index}.`]
  device.add('letters.complete', { id: letter.id, content: texts[1] ?? '', generator: 'g' })
  for (let edit = 1; edit <= EDITS; edit++) {
    const content = `Edit ${edit} on device ${index}.`
    texts.push(content)
    device.add('letters.editContent', {
      id: letter.id,
      content,
      versionId: randomUUID(),
      baseVersion: 0,
    })
  }
  return texts
}

/** Every letter and previous version of the account, by pulling from the start. */
async function accountRows(device: HttpSyncDevice) {
  const letters = new Map<string, SyncedLetter>()
  const versions = new Map<string, number>()
  let cursor = 0
  for (;;) {
    const page = await device.pull(cursor)
    for (const change of page.changes) {
      if (!('row' in change)) continue
      if (change.table === 'letters') letters.set(change.id, change.row)
      if (change.table === 'letterVersions') {
        const { letterId } = change.row as { letterId: string }
        versions.set(letterId, (versions.get(letterId) ?? 0) + 1)
      }
    }
    cursor = page.cursor
    if (!page.more) return { letters, versions }
  }
}

/**
 * The letter of each device holds exactly what the mutations up to the
 * server's last id for that client made: none missing, none applied twice.
 */
async function expectExactlyApplied(
  devices: { device: HttpSyncDevice; texts: string[]; letterId: string }[],
  atLeast: (device: HttpSyncDevice) => number,
) {
  const byCookie = new Map<string, Awaited<ReturnType<typeof accountRows>>>()
  for (const { device, texts, letterId } of devices) {
    const { lastMutationId } = await device.pull(0, 1)
    expect(lastMutationId).toBeGreaterThanOrEqual(atLeast(device))
    let rows = byCookie.get(device.cookie)
    if (!rows) {
      rows = await accountRows(device)
      byCookie.set(device.cookie, rows)
    }
    const letter = rows.letters.get(letterId)
    if (lastMutationId === 0) {
      expect(letter).toBeUndefined()
      continue
    }
    expect(letter?.status).toBe(lastMutationId === 1 ? 'generating' : 'completed')
    expect(letter?.content).toBe(texts[lastMutationId - 1])
    expect(rows.versions.get(letterId) ?? 0).toBe(Math.max(0, lastMutationId - 2))
  }
}

describe('the server killed under load and started again on the same data', () => {
  it('keeps what it acknowledged once, and takes what was sent again once', async () => {
    await start()
    const employee = await signUpOver(origin(), 'employee')
    const couponCode = employee.couponCode ?? ''
    const buyers: Buyer[] = []
    while (buyers.length < BUYERS) {
      const size = Math.min(4, BUYERS - buyers.length)
      const batch = await Promise.all(Array.from({ length: size }, () => signUpOver(origin())))
      buyers.push(...batch.map((buyer) => ({ ...buyer, key: randomUUID() })))
    }
    // The first buyer only pays: on PostgreSQL their row is held (below), which would hold their
    // devices' pushes too, each with one of the server's pooled connections.
    const devices = buyers
      .slice(1)
      .flatMap((buyer) =>
        Array.from({ length: DEVICES_PER_BUYER }, () => new HttpSyncDevice(origin, buyer.cookie)),
      )
    const work = devices.map((device, index) => {
      const texts = addWork(device, index)
      const create = device.outbox[0]?.args as { letter: { id: string } }
      return { device, texts, letterId: create.letter.id }
    })
    const total = devices.length * (2 + EDITS)
    const acknowledged = () => devices.reduce((sum, device) => sum + device.acknowledged, 0)

    // On PostgreSQL the first buyer's row is held locked, so their checkout stops after claiming
    // its key and charging, before its purchase is written; the kill waits for that claim.
    const [caught] = buyers
    const hold = scratch && caught ? await holdUserRow(scratch.url, caught.userId) : undefined

    // Everyone at once; the server is killed once KILL_AFTER of the mutations are acknowledged.
    const running = server
    let killed = false
    const killer = (async () => {
      while (acknowledged() < total * KILL_AFTER) await sleep(2)
      while (hold && caught && !(await hold.claimed(caught.key))) await sleep(20)
      await running?.stop('SIGKILL')
      killed = true
      await hold?.release()
    })()
    const pushes = devices.map(pushUntilLost)
    // The checkouts start as the pushes go: about two in three before the kill, the rest after it.
    const firstCheckouts = buyers.map(async (buyer, index) => {
      const startAt = (index / BUYERS) * total * KILL_AFTER * 1.5
      while (!killed && acknowledged() < startAt) await sleep(2)
      return checkout(buyer, couponCode)
    })
    await killer
    await Promise.all(pushes)
    const before = await Promise.all(firstCheckouts)
    const ackedBefore = new Map(devices.map((device) => [device, device.acknowledged]))
    expect(acknowledged()).toBeGreaterThanOrEqual(total * KILL_AFTER)
    expect(acknowledged()).toBeLessThan(total)
    expect(before).toContain('no answer')
    for (const status of before) expect([200, 201, 'no answer']).toContain(status)

    await start()
    // What was acknowledged is there, and each mutation the server has is there once.
    await expectExactlyApplied(work, (device) => ackedBefore.get(device) ?? 0)

    // The devices send again what got no answer; each mutation arrives once (the letters' final
    // texts and counts are checked in the database below).
    await Promise.all(devices.map((device) => device.pushAll(BATCH)))
    for (const device of devices) {
      expect(device.refused).toEqual([])
      expect(device.acknowledged).toBe(2 + EDITS)
    }

    // Every buyer asks again under the same key: a purchase answered before is answered the same.
    const paidBefore = new Map(buyers.map((buyer) => [buyer, buyer.paid]))
    const after = await Promise.all(buyers.map((buyer) => checkout(buyer, couponCode)))
    buyers.forEach((buyer, index) => {
      if (paidBefore.get(buyer) !== undefined) expect(after[index]).toBe(200)
      else expect([200, 201, 409]).toContain(after[index])
    })
    // A checkout the kill caught between its claim and its purchase waits out the claim's two
    // minutes (STALE_CLAIM_MS): nothing was bought under it, and then the retry buys once.
    const stuck = buyers.filter((buyer) => buyer.paid === undefined)
    if (hold) expect(stuck).toContain(caught)
    if (stuck.length > 0) {
      await onDatabase(async (database) => {
        const keys = stuck.map((buyer) => buyer.key)
        const held = (await database.query(
          `select k.subscription_id from idempotency_keys k where k.key = any($1)`,
          [keys],
        )) as { subscription_id: string | null }[]
        expect(held).toHaveLength(stuck.length)
        expect(held.every((row) => row.subscription_id === null)).toBe(true)
        const bought = (await database.query(
          `select count(*)::int as n from subscriptions where owner_id = any($1)`,
          [stuck.map((buyer) => buyer.userId)],
        )) as { n: number }[]
        expect(bought[0]?.n).toBe(0)
        await database.query(
          `update idempotency_keys set created_at = created_at - interval '3 minutes'
           where key = any($1)`,
          [keys],
        )
      }, true)
      for (const buyer of stuck) expect(await checkout(buyer, couponCode)).toBe(201)
    }

    // The money tables: one purchase per buyer, each with its grant, its commission and one event.
    await server?.stop('SIGTERM')
    await onDatabase(async (database) => {
      const count = async (query: string) =>
        ((await database.query(query)) as { n: number }[])[0]?.n ?? -1
      expect(await count(`select count(*)::int as n from subscriptions`)).toBe(BUYERS)
      expect(
        await count(`select count(*)::int as n from idempotency_keys k
          join subscriptions s on s.id = k.subscription_id and s.owner_id = k.user_id`),
      ).toBe(BUYERS)
      expect(
        await count(`select count(*)::int as n from credit_ledger
          where reason = 'grant' and delta = 4`),
      ).toBe(BUYERS)
      expect(
        await count(`select count(distinct subscription_id)::int as n from credit_ledger
          where reason = 'grant'`),
      ).toBe(BUYERS)
      expect(await count(`select count(*)::int as n from commissions`)).toBe(BUYERS)
      expect(await count(`select count(distinct subscription_id)::int as n from commissions`)).toBe(
        BUYERS,
      )
      expect(await count(`select count(*)::int as n from commission_events`)).toBe(BUYERS)
      expect(await count(`select referrals::int as n from employee_totals`)).toBe(BUYERS)
      expect(await count(`select count(*)::int as n from letters`)).toBe(devices.length)
      expect(await count(`select count(*)::int as n from letter_versions`)).toBe(
        devices.length * EDITS,
      )
      expect(
        await count(`select count(*)::int as n from letters
          where status = 'completed'
            and content = replace(matter, 'Crash matter', 'Edit ${EDITS} on device') || '.'`),
      ).toBe(devices.length)
      expect(
        await count(`select count(*)::int as n from sync_clients
          where last_mutation_id = ${2 + EDITS}`),
      ).toBe(devices.length)
      for (const buyer of buyers) {
        const [row] = (await database.query(`select id from subscriptions where owner_id = $1`, [
          buyer.userId,
        ])) as { id: string }[]
        expect(row?.id).toBe(buyer.paid)
      }
    }, false)
  }, 600_000)
})
