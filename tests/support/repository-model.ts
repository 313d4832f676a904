import { expect } from 'vitest'
import type { LetterheadDatabase } from '@/data/database'
import type { Repository } from '@/data/repository'
import type { ErrorCode } from '@/domain/errors'
import { PLANS, type PlanId } from '@/domain/plans'
import type { LetterStatus } from '@/domain/types'
import { expectTalliesMatchRows } from './stored-tallies'

/**
 * A small in-memory model of accounts, letters, purchases and commissions, for
 * model-based tests of the repository: what each step should do is worked out
 * here, independently of the code under test, and compared with what it did.
 */

export const PASSWORD = 'password123'
export const ADMIN = { fullName: 'Admin', email: 'admin@example.com', password: PASSWORD }
export const DAY_MS = 86_400_000

export type Account = { id: string; email: string; role: 'user' | 'employee'; couponCode?: string }

export type Sale = {
  id: string
  buyer: string
  plan: PlanId
  priceCents: number
  discountCents: number
  /** The referring employee's email. */
  employee: string | null
  expiresAt: number | null
  key: string
}

/** `credit` is the purchase the letter's credit came from; null once it was given back. */
export type ModelLetter = { id: string; owner: string; status: LetterStatus; credit: Sale | null }

export type Model = {
  /** By normalised email. */
  accounts: Map<string, Account>
  /** The signed-in account's email. */
  current: string | null
  now: number
  letters: ModelLetter[]
  sales: Sale[]
}

export type Real = { repo: Repository; db: LetterheadDatabase; advance: (ms: number) => void }

/** Whole cents, rounded half-up: exact here, as `cents * percent` stays far below 2^53. */
export const halfUp = (cents: number, percent: number) => Math.round((cents * percent) / 100)

const planOf = (id: PlanId) => PLANS.find((plan) => plan.id === id)
export const listPrice = (id: PlanId) => planOf(id)?.priceCents ?? 0
export const grants = (id: PlanId) => planOf(id)?.letters ?? 0
export const validityDays = (id: PlanId) => planOf(id)?.validityDays ?? null

const active = (m: Model, sale: Sale) => sale.expiresAt === null || sale.expiresAt > m.now
const usedOf = (m: Model, sale: Sale) => m.letters.filter((l) => l.credit === sale).length
const creditsOf = (m: Model, email: string) =>
  m.sales.filter((s) => s.buyer === email && active(m, s) && usedOf(m, s) < grants(s.plan))

export const lettersLeft = (m: Model, email: string) =>
  creditsOf(m, email).reduce((sum, s) => sum + grants(s.plan) - usedOf(m, s), 0)

/** The credit spent next: soonest expiry first, letters that never expire last. */
export const nextCredit = (m: Model, email: string): Sale | undefined =>
  creditsOf(m, email).sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity))[0]

export const signedIn = (m: Model) => (m.current ? m.accounts.get(m.current) : undefined)

export const refusal = (attempt: Promise<unknown>, code: ErrorCode) =>
  expect(attempt).rejects.toMatchObject({ code })

const ADMIN_QUERY = {
  page: 1,
  pageSize: 100,
  sort: 'createdAt',
  direction: 'desc',
  search: '',
} as const

/** What each person sees of their own: letters left, their letters, their ledger. */
async function checkAccounts(m: Model, repo: Repository) {
  for (const account of m.accounts.values()) {
    await repo.auth.signIn({ email: account.email, password: PASSWORD })
    if (account.role === 'user') {
      const left = (await repo.subscriptions.entitlements()).lettersLeft
      expect(left).toBeGreaterThanOrEqual(0)
      expect(left).toBe(lettersLeft(m, account.email))
      const mine = await repo.letters.listMine()
      for (const letter of mine) expect(letter.userId).toBe(account.id)
      const expected = m.letters.filter((l) => l.owner === account.email)
      expect(mine.map((l) => [l.id, l.status]).sort()).toEqual(
        expected.map((l) => [l.id, l.status]).sort(),
      )
      expect(await repo.letters.countMine()).toBe(expected.length)
      expect((await repo.letters.pageMine({ offset: 0, limit: 10 })).total).toBe(expected.length)
    } else {
      const me = await repo.auth.currentUser()
      const ledger = await repo.referrals.myCommissions()
      const sum = ledger.reduce((total, line) => total + line.amountCents, 0)
      expect(me?.earningsCents).toBe(sum)
      expect(me?.referrals).toBe(ledger.length)
      const referred = m.sales.filter((s) => s.employee === account.email)
      expect(sum).toBe(referred.reduce((total, s) => total + halfUp(s.priceCents, 5), 0))
      for (const line of ledger) {
        expect(line.employeeId).toBe(account.id)
        expect(line.plan).not.toBe('')
        expect(line.amountCents).toBe(halfUp(line.saleCents, 5))
      }
    }
  }
}

/** What the admin sees of everyone's: every row's owner exists and is the right one. */
async function checkAdminView(m: Model, repo: Repository) {
  await repo.auth.signIn({ email: ADMIN.email, password: PASSWORD })
  const letters = await repo.admin.letters(ADMIN_QUERY)
  expect(letters.total).toBe(m.letters.length)
  for (const row of letters.rows) {
    expect(row.ownerEmail).toBe(m.letters.find((l) => l.id === row.id)?.owner)
  }
  const sales = await repo.admin.subscriptions(ADMIN_QUERY)
  expect(sales.total).toBe(m.sales.length)
  const codes = new Set([...m.accounts.values()].map((a) => a.couponCode))
  for (const row of sales.rows) {
    const sale = m.sales.find((s) => s.id === row.id)
    expect(row.buyerEmail).toBe(sale?.buyer)
    expect(row).toMatchObject({ priceCents: sale?.priceCents, discountCents: sale?.discountCents })
    if (row.couponCode !== null) expect(codes.has(row.couponCode)).toBe(true)
  }
  const totals = await repo.admin.totals()
  expect(totals.letters).toBe(m.letters.length)
  expect(totals.revenueCents).toBe(m.sales.reduce((sum, s) => sum + s.priceCents, 0))
  expect(totals.users + totals.employees).toBe(m.accounts.size)
}

/**
 * Checks the stored tallies against a recount of the rows, then reads
 * everything back through the repository, as each person and then as the
 * admin, compares it with the model, and leaves the session as it found it.
 */
export async function checkInvariants(m: Model, { repo, db }: Real) {
  await expectTalliesMatchRows(db)
  expect((await repo.auth.currentUser())?.email ?? null).toBe(m.current)
  await checkAccounts(m, repo)
  await checkAdminView(m, repo)
  if (m.current) await repo.auth.signIn({ email: m.current, password: PASSWORD })
  else await repo.auth.signOut()
}
