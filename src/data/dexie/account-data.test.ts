import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { accountExportSchema, isDeletedAccountEmail } from '@/domain/account-data'
import { letterheadSettingKey } from '@/domain/settings'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '../test-support'

/** Download My Data and Delete Account for an account on this device only (decision 035). */

async function writer() {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, 'ada@example.com', 'annual4')
  const letter = await test.repo.letters.create(SAMPLE_LETTER)
  await test.repo.letters.complete(letter.id, { content: 'Dear Sir', generator: 'built-in' })
  await test.repo.letters.editContent(letter.id, 'Dear Madam')
  await test.repo.settings.set('letterEngine', {
    kind: 'openai-compatible',
    baseUrl: 'https://api.example.com/v1',
    model: 'm',
    apiKey: 'sk-stays-on-this-device',
  })
  await test.repo.settings.set(letterheadSettingKey(user.id), { name: 'Ada Lovelace LLP' })
  return { ...test, user, letter }
}

describe('Download My Data on this device', () => {
  it('holds the account, its letters with earlier texts, settings and purchases, and no secret', async () => {
    const { repo, db, user, letter } = await writer()
    const data = accountExportSchema.parse(await repo.account.exportData())
    expect(data).toMatchObject({
      source: 'device',
      exportedAt: '2026-11-22T12:00:00.000Z',
      profile: { id: user.id, email: 'ada@example.com', role: 'user' },
      credits: { lettersLeft: 3, entries: [] },
      referrals: null,
      sessions: [],
    })
    expect(data.letters).toMatchObject([
      { id: letter.id, content: 'Dear Madam', previousVersions: [{ content: 'Dear Sir' }] },
    ])
    expect(data.purchases).toMatchObject([{ plan: 'annual4', priceCents: 29900 }])
    expect(data.settings).toEqual([
      {
        key: 'letterEngine',
        value: { kind: 'openai-compatible', baseUrl: 'https://api.example.com/v1', model: 'm' },
      },
      { key: letterheadSettingKey(user.id), value: { name: 'Ada Lovelace LLP' } },
    ])
    const text = JSON.stringify(data)
    const credential = await db.credentials.get(user.id)
    for (const secret of [credential?.hash, credential?.salt, 'password123', 'sk-stays'])
      expect(text).not.toContain(secret)
  })

  it('is refused when no one is signed in', async () => {
    const { repo } = await writer()
    await repo.auth.signOut()
    await expect(repo.account.exportData()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
  })
})

describe('Delete Account on this device', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const { repo, db } = await writer()
    const before = await repo.backup.exportAll()
    await expect(repo.account.deleteAccount({ password: 'wrong one' })).rejects.toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
    })
    expect((await repo.backup.exportAll()).tables).toEqual(before.tables)
    expect(await db.session.count()).toBe(1)
  })

  it('removes the letters, letterhead, password and session, keeps the purchase on a nameless row', async () => {
    const { repo, db, user, letter } = await writer()
    await repo.account.deleteAccount({ password: 'password123' })
    expect(await repo.auth.currentUser()).toBeNull()
    expect(await db.letters.count()).toBe(0)
    expect(await db.letterVersions.where('letterId').equals(letter.id).count()).toBe(0)
    expect(await db.credentials.get(user.id)).toBeUndefined()
    expect(await db.settings.get(letterheadSettingKey(user.id))).toBeUndefined()
    // The device's own settings stay with the device.
    expect(await db.settings.get('letterEngine')).toBeDefined()
    expect(await db.subscriptions.where('userId').equals(user.id).count()).toBe(1)
    const row = await db.users.get(user.id)
    expect(row?.fullName).toBe('')
    expect(isDeletedAccountEmail(row?.email ?? '')).toBe(true)

    // Nobody can sign in as it; its e-mail may open a new account.
    await expect(
      repo.auth.signIn({ email: 'ada@example.com', password: 'password123' }),
    ).rejects.toThrow('Invalid credentials')
    const again = await repo.auth.signUp({
      fullName: 'Ada Again',
      email: 'ada@example.com',
      password: 'password123',
      role: 'user',
    })
    expect(again.id).not.toBe(user.id)
  })

  it('takes the account out of this device admin’s totals and tables', async () => {
    const { repo } = await writer()
    await repo.account.deleteAccount({ password: 'password123' })
    await repo.auth.signUp({
      fullName: 'Bob Stays',
      email: 'bob@example.com',
      password: 'password123',
      role: 'user',
    })
    await repo.auth.signOut()
    await repo.auth.signUpAdmin({
      fullName: 'Root',
      email: 'root@example.com',
      password: 'long enough',
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
    })
    expect(await repo.admin.totals()).toMatchObject({ users: 1, employees: 0 })
    const query = {
      page: 1,
      pageSize: 25,
      sort: 'createdAt',
      direction: 'asc',
      search: '',
    } as const
    const listed = await repo.admin.users(query)
    expect(listed.total).toBe(1)
    expect(listed.rows.map((row) => row.email)).toEqual(['bob@example.com'])
    const searched = await repo.admin.users({ ...query, search: 'deleted' })
    expect(searched.rows).toEqual([])
  })

  it('keeps the last admin who can sign in here', async () => {
    const { repo, db } = createTestRepository()
    const admin = {
      fullName: 'Root',
      password: 'long enough',
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
    }
    await repo.auth.signUpAdmin({ ...admin, email: 'root@example.com' })
    await expect(repo.account.deleteAccount({ password: 'long enough' })).rejects.toMatchObject({
      code: 'LAST_ADMIN',
    })
    await repo.auth.signOut()
    await repo.auth.signUpAdmin({ ...admin, email: 'second@example.com' })
    await repo.account.deleteAccount({ password: 'long enough' })
    expect(await db.users.where('role').equals('admin').count()).toBe(2)
    await repo.auth.signIn({ email: 'root@example.com', password: 'long enough' })
    await expect(repo.account.deleteAccount({ password: 'long enough' })).rejects.toMatchObject({
      code: 'LAST_ADMIN',
    })
  })
})
