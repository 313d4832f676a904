import 'fake-indexeddb/auto'
import type { FastifyInstance } from 'fastify'
import { type LetterheadDatabase, openDatabase } from '@/data/database'
import { createDataParts } from '@/data/dexie/data-parts'
import { createApiClient } from '@/data/remote/api-client'
import { createServerAi } from '@/data/remote/server-ai'
import { createServerParts } from '@/data/remote/server-parts'
import type { Repository } from '@/data/repository'
import { memoryStore, SAMPLE_LETTER } from '@/data/test-support'
import type { Letter } from '@/domain/types'
import { type Faults, injectFetch, type Transport } from './inject-fetch'

let counter = 0

export const PASSWORD = 'correct horse battery staple'

export type Device = {
  name: string
  repo: Repository
  db: LetterheadDatabase
  faults: Faults
  transport: Transport
  network: { online: boolean }
  /** Moves this device's clock, as a device whose clock is off would. */
  clockOffsetMs: { value: number }
  sessionsEnded: { count: number }
  clientTooOld: { count: number }
  goOnline(): void
  sync(): Promise<void>
}

/**
 * One browser in server mode against the real server `app`: its own
 * IndexedDB (fake-indexeddb), cookie jar and network, and the real synced
 * repository, with faults the test can inject between it and the server.
 */
export function serverDevice(
  server: FastifyInstance | Transport,
  name = `device-${counter}`,
  /** The same browser opened again: its storage and its cookies. */
  again?: { dbName: string },
): Device & { again: () => Device } {
  const dbName = again?.dbName ?? `letterhead-sync-${Date.now()}-${counter++}`
  const db = openDatabase(dbName)
  const clockOffsetMs = { value: 0 }
  const clock = () => new Date(Date.now() + clockOffsetMs.value)
  const network = { online: true }
  const transport = 'fetch' in server ? server : injectFetch(server)
  const { fetch, faults } = transport
  const events = new EventTarget()
  const sessionsEnded = { count: 0 }
  const clientTooOld = { count: 0 }
  const parts = createServerParts({
    db,
    clock,
    client: createApiClient({ fetch, online: () => network.online }),
    store: memoryStore(),
    onSessionEnded: () => void (sessionsEnded.count += 1),
    onClientTooOld: () => void (clientTooOld.count += 1),
    events,
    pokes: null,
    leader: { locks: null, channel: () => null },
  })
  const serverAi = createServerAi({
    db,
    fetch,
    online: () => network.online,
    flushOutbox: () => parts.sync.flushOutbox(),
    onSessionEnded: () => void (sessionsEnded.count += 1),
  })
  const repo: Repository = { ...createDataParts({ db, clock }), ...parts, serverAi }
  return {
    name,
    repo,
    db,
    faults,
    transport,
    network,
    clockOffsetMs,
    sessionsEnded,
    clientTooOld,
    goOnline() {
      network.online = true
      events.dispatchEvent(new Event('online'))
    },
    async sync() {
      await repo.sync.start()
      await repo.sync.syncNow()
    },
    /** This browser's next visit: the tab closed, a new one opens on the same storage. */
    again: () => {
      db.close()
      return serverDevice(transport, name, { dbName })
    },
  }
}

let accounts = 0

/** A new account signed up on `device`, with letters bought on it so it may write. */
export async function signUpWithLetters(device: Device) {
  accounts += 1
  const email = `sync${accounts}-${Date.now()}@example.com`
  const user = await device.repo.auth.signUp({
    fullName: `Sync Person ${accounts}`,
    email,
    password: PASSWORD,
    role: 'user',
  })
  await buyLetters(device)
  await device.repo.sync.start()
  return { user, email }
}

/** The test gateway's card that always pays. */
export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Sync Person',
}

/** The device's own gateway, which server mode must never use: the server charges. */
const NO_DEVICE_GATEWAY = {
  id: 'device',
  charge: () => Promise.reject(new Error('server mode charged on the device')),
}

/** Buys a plan through the server's checkout, as the Subscription tab does; the device keeps it at once. */
export function buyLetters(device: Device, plan = 'annual8', couponCode?: string) {
  return device.repo.payments.pay({
    plan,
    ...(couponCode === undefined ? {} : { couponCode }),
    card: GOOD_CARD,
    idempotencyKey: crypto.randomUUID(),
    gateway: NO_DEVICE_GATEWAY,
  })
}

/** Signs `email` in on `device`, with letters bought there too. */
export async function signIn(device: Device, email: string) {
  const user = await device.repo.auth.signIn({ email, password: PASSWORD })
  await buyLetters(device)
  await device.repo.sync.start()
  return user
}

/** A finished letter written on `device`. */
export async function writeLetter(device: Device, matter = 'Unpaid invoice'): Promise<Letter> {
  const letter = await device.repo.letters.create({ ...SAMPLE_LETTER, matter })
  return device.repo.letters.complete(letter.id, {
    content: `Dear Sir or Madam,\n\n${matter}.\n\nYours faithfully`,
    generator: 'built-in',
  })
}

/** What a device holds of its user's letters, for comparing devices. */
export async function lettersOn(device: Device) {
  const letters = await device.repo.letters.listMine()
  return letters
    .map(({ id, content, status, matter }) => ({ id, content, status, matter }))
    .sort((a, b) => a.id.localeCompare(b.id))
}

/** Every text a device holds for a letter: current and previous. */
export async function textsOn(device: Device, letterId: string): Promise<string[]> {
  const letter = await device.repo.letters.get(letterId)
  const versions = await device.repo.letters.listVersions(letterId)
  return [letter.content, ...versions.map((version) => version.content)].sort()
}

/** Devices A and B of one new account, with a letter written on A that both hold. */
export async function twoDevicesWithALetter(server: FastifyInstance) {
  const a = serverDevice(server, 'A')
  const b = serverDevice(server, 'B')
  const { email } = await signUpWithLetters(a)
  const letter = await writeLetter(a)
  await a.sync()
  await signIn(b, email)
  await b.sync()
  return { a, b, email, letter }
}
