import { describe, expect, it } from 'vitest'
import { SAMPLE_LETTER, createTestRepository, signUpWithLetters } from '../test-support'

async function withLetter() {
  const context = createTestRepository()
  await signUpWithLetters(context.repo, 'a@example.com')
  const letter = await context.repo.letters.create(SAMPLE_LETTER)
  return { ...context, letter }
}

describe('letter lifecycle', () => {
  it('moves generating → completed with the text', async () => {
    const { repo, letter, advance } = await withLetter()
    advance(1000)
    const done = await repo.letters.complete(letter.id, {
      content: 'Dear Charles:',
      generator: 'built-in',
    })
    expect(done).toMatchObject({ status: 'completed', content: 'Dear Charles:' })
    expect(done.updatedAt > letter.updatedAt).toBe(true)
    await expect(
      repo.letters.complete(letter.id, { content: 'again', generator: 'x' }),
    ).rejects.toThrow('This letter is completed, not generating.')
  })

  it('records a failure and lets it be retried', async () => {
    const { repo, letter } = await withLetter()
    expect(await repo.letters.fail(letter.id, 'engine offline')).toMatchObject({
      status: 'failed',
      error: 'engine offline',
    })
    const again = await repo.letters.restart(letter.id)
    expect(again.status).toBe('generating')
    expect(again.error).toBeUndefined()
  })

  it('refuses empty text', async () => {
    const { repo, letter } = await withLetter()
    await expect(
      repo.letters.complete(letter.id, { content: '  \n ', generator: 'x' }),
    ).rejects.toThrow('Letter text cannot be empty')
    expect((await repo.letters.get(letter.id)).status).toBe('generating')
  })

  it("hides another user's letter as if it did not exist", async () => {
    const { repo, letter } = await withLetter()
    await signUpWithLetters(repo, 'b@example.com')
    await expect(repo.letters.get(letter.id)).rejects.toThrow('That item does not exist.')
    await expect(
      repo.letters.complete(letter.id, { content: 'x', generator: 'x' }),
    ).rejects.toThrow('That item does not exist.')
    await expect(repo.letters.get('no-such-id')).rejects.toThrow('That item does not exist.')
  })

  it('refuses who is asking before it says whether the letter exists', async () => {
    const { repo, letter } = await withLetter()
    await repo.auth.signOut()
    for (const id of [letter.id, 'no-such-id'])
      await expect(repo.letters.fail(id, 'x')).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    await repo.auth.signUp({
      fullName: 'Em',
      email: 'em@example.com',
      password: 'password123',
      role: 'employee',
    })
    for (const id of [letter.id, 'no-such-id'])
      await expect(repo.letters.get(id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
  })

  it('pages my letters newest first with the total', async () => {
    const { repo, advance } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      ids.push((await repo.letters.create({ ...SAMPLE_LETTER, matter: `Matter ${i}` })).id)
      advance(1000)
    }
    const page = await repo.letters.pageMine({ offset: 2, limit: 2 })
    expect(page.total).toBe(5)
    expect(page.letters.map((l) => l.id)).toEqual([ids[2], ids[1]])
    expect(await repo.letters.countMine()).toBe(5)
  })
})

describe('letter versions', () => {
  async function completed() {
    const context = await withLetter()
    await context.repo.letters.complete(context.letter.id, {
      content: 'First text',
      generator: 'built-in',
    })
    return context
  }

  it('keeps the earlier text when the user edits and saves', async () => {
    const { repo, letter, advance } = await completed()
    advance(1000)
    expect((await repo.letters.editContent(letter.id, 'Edited text')).content).toBe('Edited text')
    const versions = await repo.letters.listVersions(letter.id)
    expect(versions).toEqual([expect.objectContaining({ content: 'First text', reason: 'edited' })])
  })

  it('keeps no version when nothing changed', async () => {
    const { repo, letter } = await completed()
    await repo.letters.editContent(letter.id, 'First text')
    expect(await repo.letters.listVersions(letter.id)).toEqual([])
  })

  it('replaces the answers and text together, then restores the earlier text', async () => {
    const { repo, letter, advance } = await completed()
    advance(1000)
    const regenerated = await repo.letters.replaceAnswers(
      letter.id,
      { ...SAMPLE_LETTER, matter: 'New matter' },
      { content: 'Second text', generator: 'built-in' },
    )
    expect(regenerated).toMatchObject({ matter: 'New matter', content: 'Second text' })
    const [previous] = await repo.letters.listVersions(letter.id)
    expect(previous?.content).toBe('First text')
    advance(1000)
    const restored = await repo.letters.restoreVersion(letter.id, previous?.id ?? '')
    expect(restored).toMatchObject({ content: 'First text', matter: SAMPLE_LETTER.matter })
    expect(previous?.answers.matter).toBe(SAMPLE_LETTER.matter)
    const versions = await repo.letters.listVersions(letter.id)
    expect(versions.map((v) => [v.content, v.reason])).toEqual([
      ['Second text', 'restored'],
      ['First text', 'regenerated'],
    ])
  })

  it('refuses bad answers and writes nothing', async () => {
    const { repo, letter } = await completed()
    await expect(
      repo.letters.replaceAnswers(
        letter.id,
        { ...SAMPLE_LETTER, recipientName: '' },
        { content: 'x', generator: 'x' },
      ),
    ).rejects.toThrow('Recipient name is required')
    expect((await repo.letters.get(letter.id)).content).toBe('First text')
    expect(await repo.letters.listVersions(letter.id)).toEqual([])
  })

  it('cannot edit a letter that is still generating', async () => {
    const { repo, letter } = await withLetter()
    await expect(repo.letters.editContent(letter.id, 'x')).rejects.toThrow(
      'Only a finished letter can be changed.',
    )
  })
})
