import { describe, expect, it } from 'vitest'
import { SYNC_PATHS } from '@/domain/sync'
import { setupTestServer } from '../../server/test-support/test-server'
import {
  lettersOn,
  PASSWORD,
  serverDevice,
  signIn,
  signUpWithLetters,
  twoDevicesWithALetter,
  writeLetter,
} from './support/device'
import { networkFailure } from './support/inject-fetch'

const server = setupTestServer()

describe('sync interrupted: a closed tab, an ended session, an old app', () => {
  it('a tab closed in the middle of a push loses nothing: the next visit pushes it', async () => {
    const a = serverDevice(server().app, 'A')
    const b = serverDevice(server().app, 'B')
    // The push goes out and the tab closes before any answer comes back.
    a.faults.before = (path) => {
      if (path === SYNC_PATHS.push) throw networkFailure()
    }
    const { email } = await signUpWithLetters(a)
    const letter = await writeLetter(a, 'Written before the tab closed')
    await a.sync()
    expect(await a.repo.sync.pendingChanges()).toBe(2)
    const nextVisit = a.again()
    nextVisit.faults.before = undefined
    await nextVisit.sync()
    expect(await nextVisit.repo.sync.pendingChanges()).toBe(0)
    await signIn(b, email)
    await b.sync()
    expect((await b.repo.letters.get(letter.id)).content).toContain('Written before the tab closed')
  })

  it('a session that ends asks to sign in again and keeps the outbox for then', async () => {
    const { a, b, email, letter } = await twoDevicesWithALetter(server().app)
    b.network.online = false
    await b.repo.letters.editContent(letter.id, 'Written on B after its session ended elsewhere.')
    // A ends every other session, B's included, while B is offline.
    await a.repo.account.signOutOthers()
    b.goOnline()
    await b.sync()
    expect(b.sessionsEnded.count).toBe(1)
    expect(await b.repo.auth.currentUser()).toBeNull()
    expect(await b.db.outbox.count()).toBe(1)
    await b.repo.auth.signIn({ email, password: PASSWORD })
    await b.sync()
    expect(await b.db.outbox.count()).toBe(0)
    await a.sync()
    expect((await a.repo.letters.get(letter.id)).content).toBe(
      'Written on B after its session ended elsewhere.',
    )
  })

  it('a server that no longer takes this version: the update is offered and the outbox waits', async () => {
    const a = serverDevice(server().app, 'A')
    await signUpWithLetters(a)
    // This app's sync schema is older than the server's oldest: as after a server upgrade.
    a.faults.rewrite = (path, body) =>
      path === SYNC_PATHS.push ? { ...(body as object), schemaVersion: 0 } : body
    await writeLetter(a)
    await a.sync()
    expect(a.clientTooOld.count).toBe(1)
    expect(a.repo.sync.status()).toMatchObject({ phase: 'update-required', pending: 2 })
    expect(await a.db.outbox.count()).toBe(2)
    // The updated app sends the same outbox.
    a.faults.rewrite = undefined
    const updated = a.again()
    await updated.sync()
    expect(await updated.db.outbox.count()).toBe(0)
  })

  it('sign out and remove data: the letters leave this device and stay in the account', async () => {
    const a = serverDevice(server().app, 'A')
    const { email } = await signUpWithLetters(a)
    await writeLetter(a)
    await a.sync()
    await a.repo.settings.set('theme', 'dark')
    await a.sync()
    await a.repo.auth.signOut({ removeData: true })
    expect(await a.db.letters.count()).toBe(0)
    expect(await a.db.letterVersions.count()).toBe(0)
    expect(await a.db.outbox.count()).toBe(0)
    expect(await a.db.syncState.count()).toBe(0)
    expect(await a.repo.settings.get('theme')).toBeUndefined()
    const again = serverDevice(server().app, 'A again')
    await signIn(again, email)
    await again.sync()
    expect(await lettersOn(again)).toHaveLength(1)
    expect(await again.repo.settings.get('theme')).toBe('dark')
  })
})
