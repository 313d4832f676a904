import { describe, expect, it } from 'vitest'
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
})
