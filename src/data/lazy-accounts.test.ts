import { describe, expect, it, vi } from 'vitest'
import { createDeviceAccountParts } from './dexie/account-parts'
import { lazyAccounts } from './lazy-accounts'
import { type AccountParts } from './repository'
import { createTestRepository } from './test-support'

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

describe('accounts loaded on first use', () => {
  it('reads who is signed in without loading anything', async () => {
    const { repo } = createTestRepository()
    const load = vi.fn<() => Promise<AccountParts>>()
    const accounts = lazyAccounts(() => repo.auth.currentUser(), load)
    expect(await accounts.auth.currentUser()).toBeNull()
    expect(load).not.toHaveBeenCalled()
  })

  it('loads once, answers as the loaded parts, and tries again after a failed load', async () => {
    const { db, repo } = createTestRepository()
    const parts = createDeviceAccountParts({ db, clock: () => new Date() })
    const load = vi
      .fn<() => Promise<AccountParts>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(parts)
    const accounts = lazyAccounts(() => repo.auth.currentUser(), load)
    await expect(accounts.auth.signUp(ada)).rejects.toThrow('Failed to fetch')
    const user = await accounts.auth.signUp(ada)
    expect(await accounts.auth.currentUser()).toEqual(user)
    expect(await accounts.account.sessions()).toEqual({ kind: 'device-only' })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
