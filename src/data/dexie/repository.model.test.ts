import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { COUPON_PATTERN, normalizeCouponCode } from '@/domain/coupon-code'
import { derivePbkdf2, toBase64 } from '@/domain/password-hash'
import { PLANS, type PlanId } from '@/domain/plans'
import type { LetterStatus } from '@/domain/types'
import {
  type Account,
  ADMIN,
  checkInvariants,
  DAY_MS,
  grants,
  halfUp,
  listPrice,
  type Model,
  nextCredit,
  PASSWORD,
  type Real,
  refusal,
  signedIn,
  validityDays,
} from '../../../tests/support/repository-model'
import { createTestRepository, SAMPLE_LETTER } from '../test-support'

/**
 * 600,000 PBKDF2 rounds take a fifth of a second, and this test signs in
 * hundreds of times. Hashes made here use fewer rounds; sign-in still checks
 * them through the real verifier, which reads the count from the stored credential.
 */
const FAST_ROUNDS = 1_000

vi.mock('@/domain/password-hash', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/domain/password-hash')>()
  return {
    ...real,
    hashPassword: async (password: string) => {
      const salt = crypto.getRandomValues(new Uint8Array(real.PASSWORD_SALT_BYTES))
      const hash = await real.derivePbkdf2(password, salt, FAST_ROUNDS)
      return {
        algorithm: real.PASSWORD_HASH_ALGORITHM,
        iterations: FAST_ROUNDS,
        salt: real.toBase64(salt),
        hash: real.toBase64(hash),
      }
    },
  }
})

const ADMIN_SECRET = 'model-admin-secret'
const EMAILS = ['ada@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com']

type Command = fc.AsyncCommand<Model, Real, boolean>

/** Runs a step, then the invariants; names itself for the counterexample. */
const step = (
  name: string,
  run: (m: Model, r: Real) => Promise<void> | void,
  check: (m: Readonly<Model>) => boolean = () => true,
): Command => ({
  check,
  run: async (m, r) => {
    await run(m, r)
    await checkInvariants(m, r)
  },
  toString: () => name,
})

const signUp = (slot: number, role: Account['role'], shouted: boolean) =>
  step(`signUp(${slot}, ${role}${shouted ? ', shouted' : ''})`, async (m, { repo }) => {
    const email = EMAILS[slot] ?? ''
    const typed = shouted ? `  ${email.toUpperCase()} ` : email
    const attempt = repo.auth.signUp({
      fullName: 'Someone',
      email: typed,
      password: PASSWORD,
      role,
    })
    if (m.accounts.has(email)) return refusal(attempt, 'USER_EXISTS')
    const user = await attempt
    expect(user).toMatchObject({ email, role })
    if (role === 'employee') {
      expect(user.couponCode).toMatch(COUPON_PATTERN)
      expect(user).toMatchObject({ referrals: 0, earningsCents: 0 })
    }
    m.accounts.set(email, { id: user.id, email, role, couponCode: user.couponCode })
    m.current = email
  })

/** Signs in as the `pick`-th account there is, typing the email loosely. */
const signIn = (pick: number) =>
  step(
    `signIn(${pick})`,
    async (m, { repo }) => {
      const accounts = [...m.accounts.values()]
      const account = accounts[pick % accounts.length]
      if (!account) return
      const typed = ` ${account.email.toUpperCase()}`
      const user = await repo.auth.signIn({ email: typed, password: PASSWORD })
      expect(user.id).toBe(account.id)
      m.current = account.email
    },
    (m) => m.accounts.size > 0,
  )

const signOut = step('signOut', async (m, { repo }) => {
  await repo.auth.signOut()
  m.current = null
})

const advance = (days: number) =>
  step(`advance(${days} days)`, (m, r) => {
    r.advance(days * DAY_MS)
    m.now += days * DAY_MS
  })

/** Refusals in the order the repository checks: input, session, role, credit. */
const createLetter = (valid: boolean) =>
  step(`createLetter(${valid ? 'valid' : 'blank matter'})`, async (m, { repo }) => {
    const attempt = repo.letters.create(valid ? SAMPLE_LETTER : { ...SAMPLE_LETTER, matter: ' ' })
    const me = signedIn(m)
    if (!valid) return refusal(attempt, 'INVALID_INPUT')
    if (!me) return refusal(attempt, 'NOT_SIGNED_IN')
    if (me.role !== 'user') return refusal(attempt, 'FORBIDDEN')
    const credit = nextCredit(m, me.email)
    if (!credit) return refusal(attempt, 'NO_LETTERS_LEFT')
    const letter = await attempt
    expect(letter).toMatchObject({ userId: me.id, status: 'generating' })
    m.letters.push({ id: letter.id, owner: me.email, status: 'generating', credit })
  })

const mineWith = (m: Readonly<Model>, status: LetterStatus) =>
  m.letters.filter((l) => l.owner === m.current && l.status === status)

const failLetter = (pick: number) =>
  step(
    `failLetter(${pick})`,
    async (m, { repo }) => {
      const letters = mineWith(m, 'generating')
      const letter = letters[pick % letters.length]
      if (!letter) return
      expect(await repo.letters.fail(letter.id, 'engine down')).toMatchObject({ status: 'failed' })
      Object.assign(letter, { status: 'failed', credit: null })
    },
    (m) => mineWith(m, 'generating').length > 0,
  )

const restartLetter = (pick: number) =>
  step(
    `restartLetter(${pick})`,
    async (m, { repo }) => {
      const letters = mineWith(m, 'failed')
      const letter = letters[pick % letters.length]
      if (!letter) return
      const attempt = repo.letters.restart(letter.id)
      const credit = nextCredit(m, letter.owner)
      if (!credit) return refusal(attempt, 'NO_LETTERS_LEFT')
      expect(await attempt).toMatchObject({ status: 'generating' })
      Object.assign(letter, { status: 'generating', credit })
    },
    (m) => mineWith(m, 'failed').length > 0,
  )

type Coupon =
  | { kind: 'none' }
  | { kind: 'employee'; pick: number; lower: boolean; padded: boolean }
  | { kind: 'typed'; text: string }

function couponText(m: Model, coupon: Coupon): string | undefined {
  if (coupon.kind === 'none') return undefined
  if (coupon.kind === 'typed') return coupon.text
  const employees = [...m.accounts.values()].filter((a) => a.role === 'employee')
  const code = employees[coupon.pick % employees.length]?.couponCode ?? 'EMPNOBODY'
  const cased = coupon.lower ? code.toLowerCase() : code
  return coupon.padded ? ` ${cased}\t` : cased
}

const checkout = (plan: PlanId | 'gold', coupon: Coupon, retry: boolean) =>
  step(`checkout(${plan}, ${JSON.stringify(coupon)}${retry ? ', last key' : ''})`, async (m, r) => {
    const couponCode = couponText(m, coupon)
    const earlier = retry ? m.sales.at(-1) : undefined
    const idempotencyKey = earlier?.key ?? crypto.randomUUID()
    const attempt = r.repo.subscriptions.create({ plan, couponCode, idempotencyKey })
    const me = signedIn(m)
    if (plan === 'gold') return refusal(attempt, 'INVALID_PLAN')
    if (!me) return refusal(attempt, 'NOT_SIGNED_IN')
    if (me.role !== 'user') return refusal(attempt, 'FORBIDDEN')
    if (earlier) {
      if (earlier.buyer !== me.email) return refusal(attempt, 'FORBIDDEN')
      expect((await attempt).id).toBe(earlier.id)
      return
    }
    const code = couponCode === undefined ? undefined : normalizeCouponCode(couponCode)
    const employee = [...m.accounts.values()].find((a) => code && a.couponCode === code)
    if (code === '') return refusal(attempt, 'COUPON_REQUIRED')
    if (code !== undefined && !employee) return refusal(attempt, 'INVALID_COUPON')

    const discountCents = employee ? halfUp(listPrice(plan), 20) : 0
    const priceCents = listPrice(plan) - discountCents
    const subscription = await attempt
    expect(subscription).toMatchObject({
      plan,
      priceCents,
      discountCents,
      discountPercent: employee ? 20 : 0,
      letters: grants(plan),
    })
    expect(subscription.couponCode).toBe(employee?.couponCode)
    expect(subscription.employeeId).toBe(employee?.id)
    const days = validityDays(plan)
    m.sales.push({
      id: subscription.id,
      buyer: me.email,
      plan,
      priceCents,
      discountCents,
      employee: employee?.email ?? null,
      expiresAt: days === null ? null : m.now + days * DAY_MS,
      key: idempotencyKey,
    })
  })

const slot = fc.integer({ min: 0, max: EMAILS.length - 1 })
const coupon: fc.Arbitrary<Coupon> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('employee' as const),
      pick: fc.nat(),
      lower: fc.boolean(),
      padded: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('typed' as const),
      text: fc.oneof(fc.constantFrom('EMP000000', 'EMPZZZZZZ', '', '  ', 'emp'), fc.string()),
    }),
  },
)
const plan = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PLANS.map((p) => p.id)) },
  { weight: 1, arbitrary: fc.constant('gold' as const) },
)
/** Now and then a checkout repeats the last one's key, as a double click or a retry does. */
const sameKey = fc.integer({ min: 1, max: 5 }).map((n) => n === 1)

const signUpStep = fc
  .tuple(slot, fc.constantFrom('user' as const, 'employee' as const), fc.boolean())
  .map(([s, role, shouted]) => signUp(s, role, shouted))
const checkoutStep = fc.tuple(plan, coupon, sameKey).map(([p, c, retry]) => checkout(p, c, retry))
/** Every run opens with an employee and a customer, signed in as the customer. */
const opening = fc
  .tuple(fc.uniqueArray(slot, { minLength: 2, maxLength: 2 }), fc.boolean(), fc.boolean())
  .map(([[employee = 0, customer = 1], shoutedE, shoutedC]) => [
    signUp(employee, 'employee', shoutedE),
    signUp(customer, 'user', shoutedC),
  ])
const createLetterStep = fc.integer({ min: 1, max: 5 }).map((n) => createLetter(n > 1))

/**
 * Signing in, buying and writing come up more often than the rest, so
 * sequences reach the states where credits and commissions change.
 */
const COMMANDS = [
  signUpStep,
  signUpStep,
  fc.nat().map(signIn),
  fc.nat().map(signIn),
  fc.constant(signOut),
  fc.constantFrom(1, 200, 366).map(advance),
  createLetterStep,
  createLetterStep,
  createLetterStep,
  fc.nat().map(failLetter),
  fc.nat().map(restartLetter),
  checkoutStep,
  checkoutStep,
  checkoutStep,
]

describe('the repository, against a model of accounts, letters, purchases and commissions', () => {
  it('keeps every invariant through any sequence of steps', async () => {
    const salt = crypto.getRandomValues(new Uint8Array(16))
    const adminSecretHash = {
      salt: toBase64(salt),
      hash: toBase64(await derivePbkdf2(ADMIN_SECRET, salt, FAST_ROUNDS)),
      iterations: FAST_ROUNDS,
    }
    await fc.assert(
      fc.asyncProperty(
        opening,
        fc.commands(COMMANDS, { maxCommands: 30, size: 'max' }),
        async (first, commands) => {
          const { repo, db, advance, now } = createTestRepository(undefined, { adminSecretHash })
          await repo.auth.signUpAdmin({ ...ADMIN, adminSecret: ADMIN_SECRET })
          await repo.auth.signOut()
          const model: Model = {
            accounts: new Map(),
            current: null,
            now: now().getTime(),
            letters: [],
            sales: [],
          }
          try {
            await fc.asyncModelRun(
              () => ({ model, real: { repo, db, advance } }),
              [...first, ...commands],
            )
          } finally {
            await db.delete()
          }
        },
      ),
      { numRuns: 50 },
    )
  }, 60_000)
})
