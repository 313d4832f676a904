import { describe, expect, it } from 'vitest'
import { SYNC_PATHS } from '@/domain/sync'
import { countRows, setupTestServer } from '../../server/test-support/test-server'
import {
  type Device,
  lettersOn,
  serverDevice,
  signIn,
  signUpWithLetters,
  textsOn,
  writeLetter,
} from './support/device'
import { networkFailure } from './support/inject-fetch'
// After the device support, which puts fake-indexeddb in place before Dexie looks for IndexedDB.
import { FIRST_PAGE } from '@/data/sync/user-sync'

const server = setupTestServer()

/**
 * Two devices of one new account, A with three letters and one edit; `faults`
 * are in place on A before anything syncs (A syncs by itself as it writes).
 */
async function twoDevicesWithWork(faults: (a: Device) => void = () => undefined) {
  const a = serverDevice(server().app, 'A')
  const b = serverDevice(server().app, 'B')
  faults(a)
  const { email } = await signUpWithLetters(a)
  const letters = [
    await writeLetter(a, 'One'),
    await writeLetter(a, 'Two'),
    await writeLetter(a, 'Three'),
  ]
  const first = letters[0]
  if (!first) throw new Error('no letter')
  await a.repo.letters.editContent(first.id, 'One, edited.')
  await signIn(b, email)
  return { a, b, letters, first }
}

/** Rows of the account's letters and previous versions on the server. */
async function serverRows(userId: string) {
  const [letters] = (await server().database.query(
    'select count(*)::int as n from letters where owner_id = $1',
    [userId],
  )) as { n: number }[]
  const [versions] = (await server().database.query(
    'select count(*)::int as n from letter_versions where owner_id = $1',
    [userId],
  )) as { n: number }[]
  return { letters: letters?.n, versions: versions?.n }
}

async function converge(...devices: Device[]) {
  for (const device of devices) device.goOnline()
  for (let round = 0; round < 2; round++) for (const device of devices) await device.sync()
  const [first, ...rest] = devices
  if (!first) return
  for (const device of rest) expect(await lettersOn(device)).toEqual(await lettersOn(first))
}

const userIdOf = async (device: Device) => (await device.repo.auth.currentUser())?.id ?? ''

describe('faults between a device and the server', () => {
  it('a push whose answer is lost after the server committed is applied once', async () => {
    let lost = 0
    const { a, b, first } = await twoDevicesWithWork((device) => {
      device.faults.after = (path) => {
        if (path === SYNC_PATHS.push && lost++ === 0) throw networkFailure()
      }
    })
    await a.sync()
    expect(lost).toBeGreaterThan(1)
    await converge(a, b)
    expect(await serverRows(await userIdOf(a))).toEqual({ letters: 3, versions: 1 })
    expect(await textsOn(b, first.id)).toEqual([
      'Dear Sir or Madam,\n\nOne.\n\nYours faithfully',
      'One, edited.',
    ])
  })

  it('a push sent twice is applied once', async () => {
    const { a, b } = await twoDevicesWithWork((device) => (device.faults.repeat = 2))
    await a.sync()
    a.faults.repeat = 1
    await converge(a, b)
    expect(await serverRows(await userIdOf(a))).toEqual({ letters: 3, versions: 1 })
    expect(
      a.faults.log.filter((entry) => entry.path === SYNC_PATHS.push).length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('a push that never reaches the server waits in the outbox and goes later', async () => {
    const { a, b } = await twoDevicesWithWork((device) => {
      device.faults.before = (path) => {
        if (path === SYNC_PATHS.push) throw networkFailure()
      }
    })
    await a.sync()
    expect(await a.repo.sync.pendingChanges()).toBe(7)
    expect(a.repo.sync.status()).toMatchObject({ phase: 'retrying', pending: 7 })
    a.faults.before = undefined
    await converge(a, b)
    expect(await a.repo.sync.pendingChanges()).toBe(0)
  })

  it('pull pages that arrive twice change nothing the second time', async () => {
    const { a, b, first } = await twoDevicesWithWork()
    await a.sync()
    // Every page B pulls arrives twice: the second copy is applied again, a page late.
    b.faults.duplicatePulls = true
    await b.sync()
    await a.repo.letters.editContent(first.id, 'One, edited again on A.')
    await a.sync()
    await b.sync()
    b.faults.duplicatePulls = false
    // The first page of all arrives again, after newer ones: the letter's newer text stays.
    b.faults.replayFirstPull = true
    await b.sync()
    expect((await b.repo.letters.get(first.id)).content).toBe('One, edited again on A.')
    await converge(a, b)
    expect(await b.repo.letters.countMine()).toBe(3)
    expect((await b.repo.letters.get(first.id)).content).toBe('One, edited again on A.')
  })

  it('a device whose clock is a day off converges all the same', async () => {
    const { a, b, first } = await twoDevicesWithWork()
    a.clockOffsetMs.value = 24 * 3600_000
    b.clockOffsetMs.value = -24 * 3600_000
    await a.sync()
    await b.sync()
    // Both offline, so each push goes when the test says: B's first, then A's.
    a.network.online = false
    b.network.online = false
    await b.repo.letters.editContent(first.id, 'Edited on B, whose clock is a day behind.')
    await a.repo.letters.editContent(first.id, 'Edited on A, whose clock is a day ahead.')
    b.goOnline()
    await b.sync()
    a.goOnline()
    await a.sync()
    await converge(b, a)
    // The later push wins, whatever the clocks say.
    expect((await b.repo.letters.get(first.id)).content).toBe(
      'Edited on A, whose clock is a day ahead.',
    )
    expect(await textsOn(a, first.id)).toEqual(await textsOn(b, first.id))
    expect(await countRows(server().database, 'letters')).toBeGreaterThan(0)
  })

  it('a new device pulls page after page, and a page lost on its way is asked for again', async () => {
    const a = serverDevice(server().app, 'A')
    const b = serverDevice(server().app, 'B')
    const { email } = await signUpWithLetters(a)
    const letter = await writeLetter(a)
    // More rows than a new device's first page: the next is asked for while that one is stored.
    for (let edit = 1; edit <= FIRST_PAGE; edit++) {
      await a.repo.letters.editContent(letter.id, `Edit ${edit}.`)
    }
    await a.sync()
    let pulls = 0
    b.faults.before = (path) => {
      if (path === SYNC_PATHS.pull && ++pulls === 2) throw networkFailure()
    }
    await signIn(b, email)
    await b.sync()
    expect(b.repo.sync.status()).toMatchObject({ phase: 'retrying' })
    await b.sync()
    expect(b.repo.sync.status()).toMatchObject({ phase: 'synced', download: null })
    expect(pulls).toBeGreaterThanOrEqual(3)
    // The text it was written with and each edit: the current text and FIRST_PAGE previous ones.
    expect(await textsOn(b, letter.id)).toHaveLength(FIRST_PAGE + 1)
    expect(await textsOn(b, letter.id)).toEqual(await textsOn(a, letter.id))
  })
})
