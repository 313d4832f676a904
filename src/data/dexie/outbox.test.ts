import type { DBCoreTable } from 'dexie'
import { describe, expect, it } from 'vitest'
import type { LetterheadDatabase } from '../database'
import { SAMPLE_LETTER, createTestRepository, signUpWithLetters } from '../test-support'
import { startSyncing, startSyncingTables } from '../sync/sync-state'
import { onOutboxWritten } from './outbox'

/** Turns sync on for the signed-in account, as signing in to the server does. */
async function syncing(test: ReturnType<typeof createTestRepository>) {
  const user = await test.repo.auth.currentUser()
  if (!user) throw new Error('nobody signed in')
  const { db } = test
  return db.transaction('rw', startSyncingTables(db), () =>
    startSyncing(db, user.id, test.now().toISOString()),
  )
}

type Sent = { table: string; type: string; round: number }

/**
 * Notes each request `db` sends to storage with its round trip: 1 for those
 * sent before any answer came, else one more than the latest round whose
 * answer came before it was sent. Install it before the database is first used.
 */
function roundTrips(db: LetterheadDatabase) {
  let sent: Sent[] | null = null
  let answered = 0
  db.use({
    stack: 'dbcore',
    name: 'round-trips',
    create: (down) => ({
      ...down,
      table(name) {
        const table = down.table(name)
        const noted =
          <Q, R>(type: (request: Q) => string, send: (request: Q) => Promise<R>) =>
          (request: Q): Promise<R> => {
            if (!sent) return send(request)
            const round = answered + 1
            sent.push({ table: name, type: type(request), round })
            return send(request).then((answer) => {
              answered = Math.max(answered, round)
              return answer
            })
          }
        const core: DBCoreTable = {
          ...table,
          get: noted(
            () => 'get',
            (request) => table.get(request),
          ),
          getMany: noted(
            () => 'getMany',
            (request) => table.getMany(request),
          ),
          query: noted(
            () => 'query',
            (request) => table.query(request),
          ),
          openCursor: noted(
            () => 'openCursor',
            (request) => table.openCursor(request),
          ),
          count: noted(
            () => 'count',
            (request) => table.count(request),
          ),
          mutate: noted(
            (request) => request.type,
            (request) => table.mutate(request),
          ),
        }
        return core
      },
    }),
  })
  return {
    /** The requests `write` sent, each with its round trip. */
    async of(write: () => Promise<unknown>): Promise<Sent[]> {
      const requests: Sent[] = []
      sent = requests
      answered = 0
      try {
        await write()
      } finally {
        sent = null
      }
      return requests
    },
  }
}

/** In which round trips a write read the session and the sync state. */
const rounds = (requests: Sent[]) => {
  const read = (table: string) =>
    requests.filter((request) => request.table === table && request.type === 'get')
  return {
    session: read('session').map((request) => request.round),
    syncState: read('syncState').map((request) => request.round),
  }
}

describe('the outbox', () => {
  it('stays empty in device-only mode, whatever the account writes', async () => {
    const test = createTestRepository()
    await signUpWithLetters(test.repo, 'device-only@example.com')
    const letter = await test.repo.letters.create(SAMPLE_LETTER)
    await test.repo.letters.complete(letter.id, { content: 'Dear Sir', generator: 'built-in' })
    await test.repo.letters.editContent(letter.id, 'Dear Madam')
    await test.repo.settings.set('theme', 'dark')
    expect(await test.db.outbox.count()).toBe(0)
  })

  it('records each write in order, with the ids the server will use', async () => {
    const test = createTestRepository()
    await signUpWithLetters(test.repo, 'syncing@example.com')
    const state = await syncing(test)
    const letter = await test.repo.letters.create(SAMPLE_LETTER)
    await test.repo.letters.complete(letter.id, { content: 'Dear Sir', generator: 'built-in' })
    await test.repo.letters.editContent(letter.id, 'Dear Madam')
    await test.repo.settings.set('letterEngine', {
      kind: 'openai-compatible',
      baseUrl: 'https://api.example.com/v1',
      model: 'm',
      apiKey: 'sk-stays-here',
    })
    await test.repo.settings.set('not-synced', 1)
    const entries = await test.db.outbox.toArray()
    expect(entries.map((entry) => [entry.clientId, entry.id, entry.name])).toEqual([
      [state.clientId, 1, 'letters.create'],
      [state.clientId, 2, 'letters.complete'],
      [state.clientId, 3, 'letters.editContent'],
      [state.clientId, 4, 'settings.set'],
    ])
    const [version] = await test.repo.letters.listVersions(letter.id)
    expect(entries[2]?.args).toEqual({
      id: letter.id,
      content: 'Dear Madam',
      versionId: version?.id,
      baseVersion: 0,
    })
    expect(JSON.stringify(entries[3]?.args)).not.toContain('sk-stays-here')
    expect((await test.db.syncState.get(state.userId))?.nextMutationId).toBe(5)
  })

  it('tells this tab at once when a recorded write has committed', async () => {
    const test = createTestRepository()
    await signUpWithLetters(test.repo, 'told@example.com')
    let told = 0
    const stop = onOutboxWritten(test.db, () => (told += 1))
    await test.repo.settings.set('theme', 'dark')
    expect(told).toBe(0)
    await syncing(test)
    await test.repo.settings.set('theme', 'light')
    expect(told).toBe(1)
    stop()
    await test.repo.settings.set('theme', 'dark')
    expect(told).toBe(1)
  })

  it('writes nothing, not even the mutation, when the write is refused', async () => {
    const test = createTestRepository()
    await signUpWithLetters(test.repo, 'refused@example.com', 'single')
    await syncing(test)
    await test.repo.letters.create(SAMPLE_LETTER)
    await expect(test.repo.letters.create(SAMPLE_LETTER)).rejects.toMatchObject({
      code: 'NO_LETTERS_LEFT',
    })
    expect(await test.db.outbox.count()).toBe(1)
  })

  it('queues the letters an account wrote here before it synced, once', async () => {
    const test = createTestRepository()
    await signUpWithLetters(test.repo, 'before@example.com')
    const letter = await test.repo.letters.create(SAMPLE_LETTER)
    await test.repo.letters.complete(letter.id, { content: 'Dear Sir', generator: 'built-in' })
    await test.repo.letters.editContent(letter.id, 'Dear Madam')
    await syncing(test)
    await syncing(test)
    const entries = await test.db.outbox.toArray()
    expect(entries.map((entry) => entry.name)).toEqual(['letters.upload'])
    expect(entries[0]?.args).toMatchObject({
      letter: { id: letter.id, content: 'Dear Madam', status: 'completed' },
      versions: [{ content: 'Dear Sir', letterId: letter.id }],
    })
  })

  it('is written without a round trip of its own: the sync state is read beside the first reads', async () => {
    const test = createTestRepository()
    const trips = roundTrips(test.db)
    await signUpWithLetters(test.repo, 'beside@example.com')
    await syncing(test)
    const { letters, settings } = test.repo
    const written = await letters.create(SAMPLE_LETTER)
    const failing = await letters.create(SAMPLE_LETTER)
    const done = { content: 'Dear Sir', generator: 'built-in' }
    const seen: Record<string, ReturnType<typeof rounds>> = {}
    const note = async (name: string, write: () => Promise<unknown>) => {
      seen[name] = rounds(await trips.of(write))
    }
    await note('create', () => letters.create(SAMPLE_LETTER))
    await note('complete', () => letters.complete(written.id, done))
    await note('editContent', () => letters.editContent(written.id, 'Dear Madam'))
    await note('replaceAnswers', () => letters.replaceAnswers(written.id, SAMPLE_LETTER, done))
    const [version] = await letters.listVersions(written.id)
    await note('restoreVersion', () => letters.restoreVersion(written.id, version?.id ?? ''))
    await note('setReplyState', () => letters.setReplyState(written.id, 'received'))
    await note('fail', () => letters.fail(failing.id, 'The engine gave up.'))
    await note('restart', () => letters.restart(failing.id))
    await note('settings.set', () => settings.set('theme', 'dark'))
    // The session says whose state it is; the state is read in the next round trip, beside the
    // user row and the letter (or the setting), not after them.
    const beside = { session: [1], syncState: [2] }
    expect(seen).toEqual({
      create: beside,
      complete: beside,
      editContent: beside,
      replaceAnswers: beside,
      restoreVersion: beside,
      setReplyState: beside,
      fail: beside,
      restart: beside,
      'settings.set': beside,
    })
    expect(await test.db.outbox.count()).toBe(2 + Object.keys(seen).length)
  })
})
