import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { createDexieRepository } from '../dexie-repository'
import { SAMPLE_LETTER, createTestRepository, signUpWithLetters } from '../test-support'

const account = (email: string) => ({
  fullName: 'Someone',
  email,
  password: 'password123',
  role: 'user' as const,
})

describe('letters', () => {
  it('follows a sign-in made in another tab, though this tab last read as someone else', async () => {
    const { repo, db } = createTestRepository()
    const otherTab = createDexieRepository({ db })
    const ada = await signUpWithLetters(repo, 'ada@example.com')
    const adas = await repo.letters.create(SAMPLE_LETTER)
    expect((await repo.letters.pageMine({ offset: 0, limit: 10 })).letters).toEqual([adas])

    const grace = await signUpWithLetters(otherTab, 'grace@example.com', 'single')
    const page = await repo.letters.pageMine({ offset: 0, limit: 10 })
    expect(page).toEqual({ letters: [], total: 0 })
    const graces = await repo.letters.create({ ...SAMPLE_LETTER, matter: 'For Grace' })
    expect(graces.userId).toBe(grace.id)
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(0)

    await otherTab.auth.signOut()
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toMatchObject({
      code: 'NOT_SIGNED_IN',
    })
    await otherTab.auth.signIn({ email: 'ada@example.com', password: 'password123' })
    expect((await repo.letters.listMine()).map((letter) => letter.userId)).toEqual([ada.id])
    expect((await repo.letters.pageMine({ offset: 0, limit: 10 })).total).toBe(1)
  })

  it('creates a letter for the signed-in user, status generating, input trimmed', async () => {
    const { repo } = createTestRepository()
    const user = await signUpWithLetters(repo, 'a@example.com')
    const letter = await repo.letters.create({
      ...SAMPLE_LETTER,
      matter: `  ${SAMPLE_LETTER.matter}  `,
    })
    expect(letter).toMatchObject({
      userId: user.id,
      status: 'generating',
      content: '',
      matter: SAMPLE_LETTER.matter,
    })
    expect(letter.createdAt).toBe(letter.updatedAt)
  })

  it('lists only my letters, newest first', async () => {
    const { repo, advance } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com')
    const first = await repo.letters.create(SAMPLE_LETTER)
    advance(1000)
    const second = await repo.letters.create({ ...SAMPLE_LETTER, matter: 'Second' })
    await signUpWithLetters(repo, 'b@example.com')
    await repo.letters.create({ ...SAMPLE_LETTER, matter: 'Not yours' })
    await repo.auth.signIn({ email: 'a@example.com', password: 'password123' })
    expect((await repo.letters.listMine()).map((l) => l.id)).toEqual([second.id, first.id])
  })

  it('refuses a letter when signed out, or for an employee, and writes nothing', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toThrow('Please sign in to continue.')
    await repo.auth.signUp({ ...account('e@example.com'), role: 'employee' })
    await expect(repo.letters.create(SAMPLE_LETTER)).rejects.toThrow(
      'You do not have access to this.',
    )
    expect(await db.letters.count()).toBe(0)
  })

  it.each([
    [{ ...SAMPLE_LETTER, matter: '   ' }, 'Matter/Subject is required'],
    [
      { ...SAMPLE_LETTER, resolution: 'x'.repeat(4001) },
      'Desired resolution must be at most 4,000 characters',
    ],
    [{ ...SAMPLE_LETTER, type: 'Love Letter' }, 'Choose a letter type'],
  ])('rejects bad letter input (%#)', async (input, message) => {
    const { repo, db } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com')
    await expect(repo.letters.create(input as typeof SAMPLE_LETTER)).rejects.toThrow(message)
    expect(await db.letters.count()).toBe(0)
  })

  it('lists all letters for admins only', async () => {
    const { repo } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com')
    await repo.letters.create(SAMPLE_LETTER)
    await expect(repo.letters.listAll()).rejects.toThrow('You do not have access to this.')
    await repo.auth.signUpAdmin({
      fullName: 'Admin',
      email: 'admin@example.com',
      password: 'password123',
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
    })
    expect(await repo.letters.listAll()).toHaveLength(1)
    await expect(repo.letters.listMine()).rejects.toThrow('You do not have access to this.')
  })
})

describe('diagnostics and settings', () => {
  it('records an error with time, route and stack', async () => {
    const { repo, db } = createTestRepository()
    const row = await repo.diagnostics.recordError({
      message: 'boom',
      stack: 'at x',
      route: '/app',
    })
    expect(await db.errors.get(row.id)).toMatchObject({
      message: 'boom',
      stack: 'at x',
      route: '/app',
    })
    expect(row.createdAt).toBe('2026-11-22T12:00:00.000Z')
  })

  it('keeps settings by key', async () => {
    const { repo } = createTestRepository()
    expect(await repo.settings.get('theme')).toBeUndefined()
    await repo.settings.set('theme', 'dark')
    expect(await repo.settings.get('theme')).toBe('dark')
  })

  it('observes changes to what a query read', async () => {
    const { repo } = createTestRepository()
    const seen: Array<string | null> = []
    const subscription = repo
      .observe(async () => (await repo.auth.currentUser())?.email ?? null)
      .subscribe({
        next: (value) => seen.push(value),
      })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await signUpWithLetters(repo, 'a@example.com')
    await new Promise((resolve) => setTimeout(resolve, 100))
    subscription.unsubscribe()
    expect(seen).toEqual([null, 'a@example.com'])
  })
})

describe('observing letters', () => {
  it('re-counts when a letter is added, through a query that awaits before it reads', async () => {
    const { repo } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com')
    const counts: number[] = []
    const subscription = repo
      .observe(() => repo.letters.countMine())
      .subscribe({ next: (n) => counts.push(n) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await repo.letters.create(SAMPLE_LETTER)
    await new Promise((resolve) => setTimeout(resolve, 100))
    subscription.unsubscribe()
    expect(counts).toEqual([0, 1])
  })
  it('re-reads letters left when a letter takes its credit and when it gives it back', async () => {
    const { repo } = createTestRepository()
    await signUpWithLetters(repo, 'a@example.com', 'annual4')
    const left: number[] = []
    const subscription = repo
      .observe(() => repo.subscriptions.entitlements())
      .subscribe({ next: (entitlements) => left.push(entitlements.lettersLeft) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const letter = await repo.letters.create(SAMPLE_LETTER)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await repo.letters.fail(letter.id, 'engine down')
    await new Promise((resolve) => setTimeout(resolve, 100))
    subscription.unsubscribe()
    expect(left).toEqual([4, 3, 4])
  })
})
