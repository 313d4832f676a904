import { describe, expect, it } from 'vitest'
import { DRAFT_MAX_CHARS } from '@/domain/drafts'
import { ERROR_MESSAGES } from '@/domain/errors'
import { createTestRepository } from '../test-support'

const signUp = (repo: ReturnType<typeof createTestRepository>['repo'], email: string) =>
  repo.auth.signUp({ fullName: 'Ada', email, password: 'password123', role: 'user' })

describe('form drafts', () => {
  it('keeps each account its own draft, as saved, until cleared', async () => {
    const { repo, db } = createTestRepository()
    await signUp(repo, 'ada@example.com')
    expect(await repo.drafts.get('generate-letter')).toBeNull()
    const values = { matter: 'Unpaid invoice', details: { demand: { amount: '4,250' } } }
    await repo.drafts.save('generate-letter', values)
    values.matter = 'changed after saving'
    expect(await repo.drafts.get('generate-letter')).toEqual({
      matter: 'Unpaid invoice',
      details: { demand: { amount: '4,250' } },
    })

    await repo.auth.signOut()
    await signUp(repo, 'grace@example.com')
    expect(await repo.drafts.get('generate-letter')).toBeNull()
    await repo.drafts.save('generate-letter', { matter: 'Grace’s' })
    expect(await db.drafts.count()).toBe(2)

    await repo.drafts.clear('generate-letter')
    expect(await repo.drafts.get('generate-letter')).toBeNull()
    await repo.auth.signOut()
    await repo.auth.signIn({ email: 'ada@example.com', password: 'password123' })
    expect(await repo.drafts.get('generate-letter')).toMatchObject({ matter: 'Unpaid invoice' })
  })

  it('has none for nobody, and refuses an unknown form or a draft past its size', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.drafts.get('generate-letter')).rejects.toThrow(ERROR_MESSAGES.NOT_SIGNED_IN)
    await expect(repo.drafts.save('generate-letter', {})).rejects.toThrow(
      ERROR_MESSAGES.NOT_SIGNED_IN,
    )
    await signUp(repo, 'ada@example.com')
    // @ts-expect-error: a form the repository does not know, as an untyped caller could send.
    await expect(repo.drafts.save('admin-notes', {})).rejects.toThrow(ERROR_MESSAGES.INVALID_INPUT)
    await repo.drafts.save('generate-letter', { matter: 'kept' })
    await expect(
      repo.drafts.save('generate-letter', { matter: 'x'.repeat(DRAFT_MAX_CHARS) }),
    ).rejects.toThrow(ERROR_MESSAGES.DRAFT_TOO_LARGE)
    expect(await repo.drafts.get('generate-letter')).toEqual({ matter: 'kept' })
    expect(await db.drafts.count()).toBe(1)
  })
})
