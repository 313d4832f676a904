import { describe, expect, it } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { createTestRepository } from '../test-support'

const message = {
  name: ' Ada ',
  email: 'ADA@example.com',
  subject: 'Pricing',
  message: 'Do you offer discounts?',
}

describe('contact messages', () => {
  it('stores a trimmed message from anyone, and lists them for admins only', async () => {
    const { repo } = createTestRepository()
    const stored = await repo.messages.create(message)
    expect(stored).toMatchObject({ name: 'Ada', email: 'ada@example.com', subject: 'Pricing' })
    await expect(repo.messages.listAll()).rejects.toThrow('Please sign in to continue.')
    await repo.auth.signUpAdmin({
      fullName: 'Admin',
      email: 'admin@example.com',
      password: 'password123',
      adminSecret: DEVELOPMENT_ADMIN_SECRET,
    })
    expect(await repo.messages.listAll()).toEqual([stored])
  })

  it('refuses an empty message and writes nothing', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.messages.create({ ...message, message: '  ' })).rejects.toThrow(
      'Message is required',
    )
    expect(await db.messages.count()).toBe(0)
  })
})
