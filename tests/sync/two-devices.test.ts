import { describe, expect, it } from 'vitest'
import { SYNC_PATHS } from '@/domain/sync'
import { setupTestServer } from '../../server/test-support/test-server'
import { networkFailure } from './support/inject-fetch'
import {
  lettersOn,
  serverDevice,
  signIn,
  signUpWithLetters,
  textsOn,
  twoDevicesWithALetter,
  writeLetter,
} from './support/device'

const server = setupTestServer()

describe('two devices of one account, through the real server', () => {
  it('a letter written on A reaches B, with its text', async () => {
    const a = serverDevice(server().app, 'A')
    const b = serverDevice(server().app, 'B')
    const { email } = await signUpWithLetters(a)
    const letter = await writeLetter(a, 'Late rent')
    await a.sync()
    await signIn(b, email)
    await b.sync()
    expect(await lettersOn(b)).toEqual(await lettersOn(a))
    expect((await b.repo.letters.get(letter.id)).content).toContain('Late rent')
    expect(await b.repo.letters.countMine()).toBe(1)
    expect(await b.repo.sync.pendingChanges()).toBe(0)
    // B knows the letter was written elsewhere; A, after pulling its own letter back, does not.
    await a.sync()
    expect((await b.repo.letters.get(letter.id)).fromAnotherDevice).toBe(true)
    expect((await a.repo.letters.get(letter.id)).fromAnotherDevice).toBeUndefined()
  })

  it('an edit made offline on B reaches A when B is back', async () => {
    const { a, b, letter } = await twoDevicesWithALetter(server().app)
    b.network.online = false
    await b.repo.letters.editContent(letter.id, 'Edited on B while offline.')
    await b.sync()
    expect(await b.repo.sync.pendingChanges()).toBe(1)
    expect(b.repo.sync.status().phase).toBe('offline')
    b.goOnline()
    await b.sync()
    await a.sync()
    expect((await a.repo.letters.get(letter.id)).content).toBe('Edited on B while offline.')
    expect(await b.repo.sync.pendingChanges()).toBe(0)
    expect(b.repo.sync.status()).toMatchObject({ phase: 'synced', pending: 0 })
  })

  it('both offline editing one letter: both texts are kept, and the letter says so', async () => {
    const { a, b, letter } = await twoDevicesWithALetter(server().app)
    a.network.online = false
    b.network.online = false
    await a.repo.letters.editContent(letter.id, 'Text from A.')
    await b.repo.letters.editContent(letter.id, 'Text from B.')
    a.goOnline()
    await a.sync()
    b.goOnline()
    await b.sync()
    await a.sync()
    for (const device of [a, b]) {
      const texts = await textsOn(device, letter.id)
      expect(texts).toEqual(
        expect.arrayContaining(['Text from A.', 'Text from B.', letter.content]),
      )
      const current = await device.repo.letters.get(letter.id)
      expect(current.content).toBe('Text from B.')
      expect(current.editedElsewhereAt).toBeDefined()
    }
    expect(await textsOn(a, letter.id)).toEqual(await textsOn(b, letter.id))
  })

  it('a change made while a pull is on its way keeps its local state', async () => {
    const { a, b, letter } = await twoDevicesWithALetter(server().app)
    await a.repo.letters.editContent(letter.id, 'A, on the server.')
    await a.sync()
    // B's person edits the letter while B's pull, which carries A's text, is on its way.
    // Its push then does not get through, so what shows is what the pull left.
    let edited = false
    b.faults.before = async (path) => {
      if (path === SYNC_PATHS.push) throw networkFailure()
      if (path !== SYNC_PATHS.pull || edited) return
      edited = true
      await b.repo.letters.editContent(letter.id, 'B, typed during the pull.')
    }
    await b.repo.sync.syncNow()
    expect(edited).toBe(true)
    expect((await b.repo.letters.get(letter.id)).content).toBe('B, typed during the pull.')
    b.faults.before = undefined
    await b.sync()
    await a.sync()
    expect((await a.repo.letters.get(letter.id)).content).toBe('B, typed during the pull.')
    expect(await textsOn(a, letter.id)).toContain('A, on the server.')
  })

  it('settings follow the account, but the AI key stays on the device it was typed on', async () => {
    const a = serverDevice(server().app, 'A')
    const b = serverDevice(server().app, 'B')
    const { email } = await signUpWithLetters(a)
    await a.repo.settings.set('theme', 'dark')
    await a.repo.settings.set('letterEngine', {
      kind: 'openai-compatible',
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt-test',
      apiKey: 'sk-secret-on-a',
    })
    await a.sync()
    await signIn(b, email)
    await b.sync()
    expect(await b.repo.settings.get('theme')).toBe('dark')
    expect(await b.repo.settings.get('letterEngine')).toEqual({
      kind: 'openai-compatible',
      baseUrl: 'https://api.example.com/v1',
      model: 'gpt-test',
      apiKey: '',
    })
    const rows = await server().database.query('select value from user_settings')
    expect(JSON.stringify(rows)).not.toContain('sk-secret-on-a')
  })

  it('another account never receives the letter', async () => {
    const a = serverDevice(server().app, 'A')
    const c = serverDevice(server().app, 'C')
    await signUpWithLetters(a)
    const letter = await writeLetter(a, 'Private matter')
    await a.sync()
    await signUpWithLetters(c)
    await c.sync()
    expect(await lettersOn(c)).toEqual([])
    await expect(c.repo.letters.get(letter.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
