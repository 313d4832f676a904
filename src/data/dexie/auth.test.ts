import { describe, expect, it } from 'vitest'
import { COUPON_PATTERN } from '@/domain/coupon-code'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { PASSWORD_HASH_ITERATIONS, fromBase64 } from '@/domain/password-hash'
import { createTestRepository } from '../test-support'

const ada = {
  fullName: '  Ada Lovelace ',
  email: '  Ada@Example.COM ',
  password: 'correct horse',
  role: 'user',
} as const

describe('sign-up', () => {
  it('stores a trimmed, lower-cased user and signs them in', async () => {
    const { repo } = createTestRepository()
    const user = await repo.auth.signUp(ada)
    expect(user).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'user' })
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(user.createdAt).toBe('2026-11-22T12:00:00.000Z')
    expect(user.updatedAt).toBe(user.createdAt)
    expect(await repo.auth.currentUser()).toEqual(user)
  })

  it('keeps a PBKDF2-SHA256 hash with 600,000 iterations and a 16-byte salt, never the password', async () => {
    const { repo, db } = createTestRepository()
    const user = await repo.auth.signUp(ada)
    const credential = await db.credentials.get(user.id)
    expect(credential?.algorithm).toBe('PBKDF2-HMAC-SHA256')
    expect(credential?.iterations).toBe(PASSWORD_HASH_ITERATIONS)
    expect(PASSWORD_HASH_ITERATIONS).toBe(600_000)
    expect(fromBase64(credential?.salt ?? '')).toHaveLength(16)
    expect(fromBase64(credential?.hash ?? '')).toHaveLength(32)
    const everything = JSON.stringify([await db.users.toArray(), await db.credentials.toArray()])
    expect(everything).not.toContain('correct horse')
  })

  it('uses a different salt for each account', async () => {
    const { repo, db } = createTestRepository()
    const a = await repo.auth.signUp(ada)
    const b = await repo.auth.signUp({ ...ada, email: 'grace@example.com' })
    const [ca, cb] = await Promise.all([db.credentials.get(a.id), db.credentials.get(b.id)])
    expect(ca?.salt).not.toBe(cb?.salt)
    expect(ca?.hash).not.toBe(cb?.hash)
  })

  it('refuses a duplicate email whatever its case and spacing', async () => {
    const { repo, db } = createTestRepository()
    await repo.auth.signUp(ada)
    await expect(repo.auth.signUp({ ...ada, email: 'ADA@example.com ' })).rejects.toThrow(
      'User already exists',
    )
    expect(await db.users.count()).toBe(1)
    expect(await db.credentials.count()).toBe(1)
  })

  it('refuses the same email signed up twice at once', async () => {
    const { repo, db } = createTestRepository()
    const results = await Promise.allSettled([repo.auth.signUp(ada), repo.auth.signUp(ada)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await db.users.count()).toBe(1)
  })

  it.each([
    [{ ...ada, fullName: '   ' }, 'Full name is required'],
    [{ ...ada, email: 'not-an-email' }, 'Enter a valid email address'],
    [{ ...ada, password: 'short' }, 'Password must be at least 8 characters'],
    [{ ...ada, password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ ...ada, fullName: 'x'.repeat(121) }, 'Full name must be at most 120 characters'],
  ])('rejects bad input with a clear message and writes nothing (%#)', async (input, message) => {
    const { repo, db } = createTestRepository()
    await expect(repo.auth.signUp(input)).rejects.toThrow(message)
    expect(await db.users.count()).toBe(0)
    expect(await repo.auth.currentUser()).toBeNull()
  })

  it('refuses the admin role through the public sign-up', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.auth.signUp({ ...ada, role: 'admin' as 'user' })).rejects.toThrow(
      'Choose an account type',
    )
    expect(await db.users.count()).toBe(0)
  })
})

describe('employees', () => {
  it('get a unique EMP coupon code and an empty ledger', async () => {
    const { repo } = createTestRepository()
    const codes = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const employee = await repo.auth.signUp({
        ...ada,
        email: `e${i}@example.com`,
        role: 'employee',
      })
      expect(employee.couponCode).toMatch(COUPON_PATTERN)
      expect(employee).toMatchObject({ referrals: 0, earningsCents: 0 })
      codes.add(employee.couponCode ?? '')
    }
    expect(codes.size).toBe(3)
  })

  it('draws again when a coupon code is taken', async () => {
    const draws = ['EMPAAAAAA', 'EMPAAAAAA', 'EMPBBBBBB']
    const { repo } = createTestRepository(undefined, {
      drawCouponCode: () => draws.shift() ?? 'EMPZZZZZZ',
    })
    const first = await repo.auth.signUp({ ...ada, email: 'e1@example.com', role: 'employee' })
    const second = await repo.auth.signUp({ ...ada, email: 'e2@example.com', role: 'employee' })
    expect(first.couponCode).toBe('EMPAAAAAA')
    expect(second.couponCode).toBe('EMPBBBBBB')
    expect(draws).toHaveLength(0)
  })

  it('users get no coupon code', async () => {
    const { repo } = createTestRepository()
    expect((await repo.auth.signUp(ada)).couponCode).toBeUndefined()
  })
})

describe('admin sign-up', () => {
  const admin = { fullName: 'Root', email: 'root@example.com', password: 'long enough' }

  it('accepts the build-time secret', async () => {
    const { repo } = createTestRepository()
    const user = await repo.auth.signUpAdmin({ ...admin, adminSecret: DEVELOPMENT_ADMIN_SECRET })
    expect(user.role).toBe('admin')
  })

  it('refuses a wrong secret and writes nothing', async () => {
    const { repo, db } = createTestRepository()
    await expect(repo.auth.signUpAdmin({ ...admin, adminSecret: 'guess' })).rejects.toThrow(
      'Invalid admin secret key',
    )
    expect(await db.users.count()).toBe(0)
  })
})

describe('sign-in and sign-out', () => {
  it('signs in with the right password, case-insensitively by email', async () => {
    const { repo } = createTestRepository()
    const user = await repo.auth.signUp(ada)
    await repo.auth.signOut()
    expect(await repo.auth.currentUser()).toBeNull()
    expect(
      await repo.auth.signIn({ email: ' ADA@EXAMPLE.com', password: 'correct horse' }),
    ).toEqual(user)
    expect((await repo.auth.currentUser())?.id).toBe(user.id)
  })

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { repo } = createTestRepository()
    await repo.auth.signUp(ada)
    await repo.auth.signOut()
    await expect(repo.auth.signIn({ email: ada.email, password: 'wrong horse' })).rejects.toThrow(
      'Invalid credentials',
    )
    await expect(
      repo.auth.signIn({ email: 'nobody@example.com', password: 'wrong horse' }),
    ).rejects.toThrow('Invalid credentials')
    expect(await repo.auth.currentUser()).toBeNull()
  })

  it('locks an email after five failures in 15 minutes, for a growing delay', async () => {
    const { repo, advance } = createTestRepository()
    await repo.auth.signUp(ada)
    await repo.auth.signOut()
    const wrong = { email: ada.email, password: 'wrong horse' }
    for (let i = 0; i < 5; i++)
      await expect(repo.auth.signIn(wrong)).rejects.toThrow('Invalid credentials')
    const right = { email: ada.email, password: 'correct horse' }
    await expect(repo.auth.signIn(right)).rejects.toThrow(
      'Please wait 1 minute before trying again.',
    )
    advance(61_000)
    await expect(repo.auth.signIn(wrong)).rejects.toThrow('Invalid credentials')
    await expect(repo.auth.signIn(right)).rejects.toThrow(
      'Please wait 2 minutes before trying again.',
    )
    advance(121_000)
    await expect(repo.auth.signIn(right)).resolves.toMatchObject({ email: 'ada@example.com' })
  })

  it('forgets failures older than 15 minutes', async () => {
    const { repo, advance } = createTestRepository()
    await repo.auth.signUp(ada)
    const wrong = { email: ada.email, password: 'wrong horse' }
    for (let i = 0; i < 4; i++)
      await expect(repo.auth.signIn(wrong)).rejects.toThrow('Invalid credentials')
    advance(15 * 60_000)
    await expect(repo.auth.signIn(wrong)).rejects.toThrow('Invalid credentials')
    await expect(
      repo.auth.signIn({ email: ada.email, password: 'correct horse' }),
    ).resolves.toBeTruthy()
  })
})
