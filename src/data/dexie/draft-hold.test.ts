// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createDexieRepository } from '../dexie-repository'
import { createTestRepository } from '../test-support'

const FORM = 'generate-letter'

type Setup = ReturnType<typeof createTestRepository>

const signUp = (repo: Setup['repo'], email: string) =>
  repo.auth.signUp({ fullName: 'Ada', email, password: 'password123', role: 'user' })

/** Whatever is held in localStorage for drafts, by key. */
const heldKeys = () =>
  Object.keys(localStorage).filter((key) => key.startsWith('letterhead.draft-hold.'))

/** The same database opened by a new page: a new repository, nothing remembered in memory. */
const reopened = ({ db, now }: Setup) => createDexieRepository({ db, clock: now })

afterEach(() => localStorage.clear())

describe('answers held before the draft is stored', () => {
  it('come back after a reload that came before the save, and go once a newer draft is stored', async () => {
    const setup = createTestRepository()
    const { repo, db, advance } = setup
    await signUp(repo, 'ada@example.com')
    // Nothing is held before the form has read the account's draft: no one to hold it for.
    await repo.drafts.hold(FORM, { matter: 'too early' })
    expect(heldKeys()).toEqual([])

    expect(await repo.drafts.get(FORM)).toBeNull()
    await repo.drafts.save(FORM, { matter: 'Unpaid invoice' })
    advance(100)
    await repo.drafts.hold(FORM, { matter: 'Unpaid invoice 1042' })
    expect(heldKeys()).toHaveLength(1)
    // The page went before the save: the stored draft is older than what was held.
    expect(await reopened(setup).drafts.get(FORM)).toEqual({ matter: 'Unpaid invoice 1042' })
    expect((await db.drafts.toArray())[0]?.values).toEqual({ matter: 'Unpaid invoice' })

    advance(300)
    await repo.drafts.save(FORM, { matter: 'Unpaid invoice 1042' })
    expect(heldKeys()).toEqual([])
    expect(await reopened(setup).drafts.get(FORM)).toEqual({ matter: 'Unpaid invoice 1042' })
  })

  it('are not let go by a save of older answers, and go when the draft is cleared', async () => {
    const { repo, advance } = createTestRepository()
    await signUp(repo, 'ada@example.com')
    await repo.drafts.get(FORM)
    await repo.drafts.hold(FORM, { matter: 'typed after the save began' })
    // A save that began before that keystroke (its time is earlier) leaves the newer answers held.
    advance(-50)
    await repo.drafts.save(FORM, { matter: 'typed before' })
    expect(await repo.drafts.get(FORM)).toEqual({ matter: 'typed after the save began' })
    advance(400)
    await repo.drafts.clear(FORM)
    expect(heldKeys()).toEqual([])
    expect(await repo.drafts.get(FORM)).toBeNull()
  })

  it('belong to the account they were typed for, and leave with its data', async () => {
    const { repo } = createTestRepository()
    await signUp(repo, 'ada@example.com')
    await repo.drafts.get(FORM)
    await repo.drafts.hold(FORM, { matter: 'Ada’s' })
    await repo.auth.signOut()
    await signUp(repo, 'grace@example.com')
    expect(await repo.drafts.get(FORM)).toBeNull()
    await repo.auth.signOut()
    await repo.auth.signIn({ email: 'ada@example.com', password: 'password123' })
    expect(await repo.drafts.get(FORM)).toEqual({ matter: 'Ada’s' })

    await repo.account.deleteAccount({ password: 'password123' })
    expect(heldKeys()).toEqual([])
  })

  it('refuse answers too large to keep, as the draft does', async () => {
    const { repo } = createTestRepository()
    await signUp(repo, 'ada@example.com')
    await repo.drafts.get(FORM)
    await expect(repo.drafts.hold(FORM, { matter: 'x'.repeat(200_001) })).rejects.toThrow()
    expect(heldKeys()).toEqual([])
  })
})
