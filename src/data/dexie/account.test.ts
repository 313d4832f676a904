import { describe, expect, it } from 'vitest'
import { createTestRepository } from '../test-support'

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

async function signedIn() {
  const context = createTestRepository()
  const user = await context.repo.auth.signUp(ada)
  return { ...context, user }
}

describe('the account on this device', () => {
  it('has no sessions elsewhere to list or end', async () => {
    const { repo } = await signedIn()
    expect(await repo.account.sessions()).toEqual({ kind: 'device-only' })
    expect(await repo.account.signOutOthers()).toEqual({ ended: 0 })
  })

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { repo, db, user } = await signedIn()
    const before = await db.credentials.get(user.id)
    const changed = await repo.account.changePassword({
      currentPassword: 'correct horse',
      newPassword: 'battery staple',
    })
    expect(changed).toEqual({ user, otherSessionsEnded: false })
    const after = await db.credentials.get(user.id)
    expect(after?.salt).not.toBe(before?.salt)
    expect(JSON.stringify(after)).not.toContain('battery staple')

    await repo.auth.signOut()
    await expect(repo.auth.signIn({ email: ada.email, password: 'correct horse' })).rejects.toThrow(
      'Invalid credentials',
    )
    expect(await repo.auth.signIn({ email: ada.email, password: 'battery staple' })).toEqual(user)
  })

  it('refuses a wrong current password and keeps the old one', async () => {
    const { repo, db, user } = await signedIn()
    const before = await db.credentials.get(user.id)
    await expect(
      repo.account.changePassword({
        currentPassword: 'wrong horse',
        newPassword: 'battery staple',
      }),
    ).rejects.toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is not correct.',
    })
    expect(await db.credentials.get(user.id)).toEqual(before)
  })

  it('refuses the same password as the new one', async () => {
    const { repo } = await signedIn()
    await expect(
      repo.account.changePassword({
        currentPassword: 'correct horse',
        newPassword: 'correct horse',
      }),
    ).rejects.toMatchObject({ code: 'SAME_PASSWORD' })
  })

  it.each([
    [{ currentPassword: '', newPassword: 'battery staple' }, 'Current password is required'],
    [{ currentPassword: 'correct horse', newPassword: 'short' }, 'Password must be at least 8'],
  ])('checks the input first (%#)', async (input, message) => {
    const { repo } = await signedIn()
    await expect(repo.account.changePassword(input)).rejects.toThrow(message)
  })

  it('needs someone signed in', async () => {
    const { repo } = createTestRepository()
    await expect(
      repo.account.changePassword({ currentPassword: 'correct horse', newPassword: 'battery x' }),
    ).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
  })
})
