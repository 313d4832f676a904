import { describe, expect, it } from 'vitest'
import { ADMIN_PATHS, type AdminStats } from '@/domain/admin-api'
import { COUPON_ALPHABET, COUPON_PATTERN } from '@/domain/coupon-code'
import { priceWithCoupon, REFUND_WINDOW_DAYS } from '@/domain/money'
import { findPlan } from '@/domain/plans'
import { get, post, sessionCookie, setupTestServer } from '../test-support/test-server'
import type { DemoWords } from './context'
import { DEMO_PASSWORD, seedDemo } from './seed'
import { DemoSizeError, demoSizes, parseDemoArgs } from './sizes'

/**
 * The demo seed writes in bulk, around the services, so what they keep in
 * step must be kept here too: the admin's counters (by their triggers), each
 * commission beside its purchase, the referral counts and credit grants.
 */

const server = setupTestServer()

const WORDS: DemoWords = {
  FIRST_NAMES: ['Ada', 'Ben', 'Chen'],
  LAST_NAMES: ["O'Brien", 'Patel'],
  STREETS: ['Mill Lane'],
  CITIES: ['Leeds'],
  MATTERS: [
    ['Unpaid invoice #{n}', 'Pay ${amount} within 30 days.'],
    ['Recommendation for {name}', 'Consider the candidate.'],
  ],
}
const NOW = new Date('2026-11-25T09:00:00.000Z')
const SIZES = demoSizes({ letters: 300, users: 30, subscriptions: 90, employees: 3 })

type Query = (text: string) => Promise<Record<string, unknown>[]>
const query: Query = async (text) =>
  (await server().database.query(text)) as Record<string, unknown>[]
const one = async (text: string) => (await query(text))[0] ?? {}

/** What the admin's stat cards would show, counted from the rows. */
async function counted(): Promise<AdminStats> {
  return (await one(`select
    (select count(*) from users where role = 'user' and deleted_at is null)::int as "users",
    (select count(*) from users where role = 'employee' and deleted_at is null)::int as "employees",
    (select count(*) from letters where deleted_at is null)::int as "letters",
    (select count(*) from subscriptions where deleted_at is null)::int as "subscriptions",
    (select coalesce(sum(price_cents), 0) from subscriptions where deleted_at is null)::int
      as "revenueCents",
    (select coalesce(sum(discount_cents), 0) from subscriptions where deleted_at is null)::int
      as "discountsCents",
    (select count(*) from commissions)::int as "commissions",
    (select coalesce(sum(commission_cents), 0) from commissions)::int as "commissionsCents",
    (select count(*) from refunds)::int as "refunds",
    (select coalesce(sum(amount_cents), 0) from refunds)::int as "refundedCents",
    (select count(*) from contact_messages)::int as "messages",
    (select count(*) from error_reports)::int as "errors"`)) as AdminStats
}

async function signIn(email: string) {
  return post(server().app, '/api/auth/sign-in', { email, password: DEMO_PASSWORD })
}

async function adminStats(): Promise<AdminStats> {
  const signedIn = await signIn('demo-admin@example.com')
  expect(signedIn.statusCode, signedIn.body).toBe(200)
  const answer = await get(server().app, ADMIN_PATHS.stats, sessionCookie(signedIn))
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json<AdminStats>()
}

describe('npm run seed:demo', () => {
  it('writes every size asked for, and the admin totals equal the counts', async () => {
    const result = await seedDemo(server().database.db, {
      sizes: SIZES,
      words: WORDS,
      now: NOW,
      batch: 40,
    })
    const stats = await adminStats()
    expect(stats).toEqual(await counted())
    expect(stats).toMatchObject({
      users: 30,
      employees: 3,
      letters: 300,
      subscriptions: 90,
      messages: SIZES.messages,
      errors: SIZES.errors,
    })
    expect(result.admin.created).toBe(true)
    // Every account opens with the one password the command prints.
    for (const email of [result.customer, result.employee?.email])
      expect((await signIn(email ?? '')).statusCode).toBe(200)
  })

  it('prices each purchase from the catalogue and writes its credits and commission with it', async () => {
    const purchases = await query(`select s.plan, s.list_cents, s.discount_percent,
        s.discount_cents, s.price_cents, s.letters, s.coupon_code, s.employee_id, u.coupon_code
        as employee_code, c.sale_cents, c.commission_cents,
        (select count(*) from credit_ledger l where l.subscription_id = s.id and l.reason = 'grant'
          and l.delta = s.letters and l.owner_id = s.owner_id)::int as grants
      from subscriptions s
      left join users u on u.id = s.employee_id
      left join commissions c on c.subscription_id = s.id`)
    expect(purchases.some((row) => row.employee_id !== null)).toBe(true)
    for (const row of purchases) {
      const plan = findPlan(String(row.plan))
      const coupon = row.employee_id !== null
      const price = priceWithCoupon(plan?.priceCents ?? -1, coupon)
      expect(row).toMatchObject({
        list_cents: price.listCents,
        discount_percent: price.discountPercent,
        discount_cents: price.discountCents,
        price_cents: price.priceCents,
        letters: plan?.letters,
        grants: 1,
        coupon_code: coupon ? row.employee_code : null,
        sale_cents: coupon ? price.priceCents : null,
        commission_cents: coupon ? price.commissionCents : null,
      })
    }
  })

  it('gives each commission its states in order and each employee their referrals', async () => {
    const states = await query(`select c.created_at,
        array_agg(e.state order by e.seq) as states
      from commissions c join commission_events e on e.commission_id = c.id group by c.id`)
    const windowEnd = NOW.getTime() - REFUND_WINDOW_DAYS * 86_400_000
    for (const row of states) {
      const due = (row.created_at as Date).getTime() <= windowEnd
      expect(row.states).toEqual(due ? ['pending', 'approved'] : ['pending'])
    }
    const referrals = await query(`select u.id, coalesce(t.referrals, 0) as kept,
        (select count(*) from commissions c where c.employee_id = u.id)::int as sold
      from users u left join employee_totals t on t.employee_id = u.id where u.role = 'employee'`)
    for (const row of referrals) expect(row.kept).toBe(row.sold)
  })

  it('gives employees new-style coupon codes and dates every row within its owner’s time', async () => {
    const codes = await query(`select coupon_code from users where role = 'employee'`)
    for (const { coupon_code: code } of codes) {
      expect(code).toMatch(COUPON_PATTERN)
      for (const character of String(code).slice(3)) expect(COUPON_ALPHABET).toContain(character)
    }
    const outOfTime = await one(`select
      (select count(*) from letters l join users u on u.id = l.owner_id
        where l.created_at < u.created_at or l.created_at > '${NOW.toISOString()}')::int as letters,
      (select count(*) from subscriptions s join users u on u.id = s.owner_id
        where s.created_at < u.created_at or s.created_at > '${NOW.toISOString()}')::int as purchases,
      (select count(*) from letters
        where created_at < '${NOW.toISOString()}'::timestamptz - interval '366 days')::int as old`)
    expect(outOfTime).toEqual({ letters: 0, purchases: 0, old: 0 })
  })

  it('adds as much again on a second run, keeping the admin it made and the totals right', async () => {
    const before = await counted()
    const result = await seedDemo(server().database.db, {
      sizes: SIZES,
      words: WORDS,
      now: NOW,
      batch: 40,
    })
    expect(result.admin.created).toBe(false)
    const after = await adminStats()
    expect(after).toEqual(await counted())
    expect(after.letters).toBe(before.letters + 300)
    expect(after.users).toBe(before.users + 30)
    expect(after.employees).toBe(before.employees + 3)
  })
})

describe('the seed command’s arguments', () => {
  it('reads sizes written either way, and derives the ones left out', () => {
    expect(parseDemoArgs(['--letters', '1_000_000', '--users=100,000'])).toEqual({
      letters: 1_000_000,
      users: 100_000,
    })
    expect(demoSizes({ letters: 1_000_000, users: 100_000, subscriptions: 200_000 })).toEqual({
      letters: 1_000_000,
      users: 100_000,
      subscriptions: 200_000,
      employees: 2_000,
      messages: 10_000,
      errors: 5_000,
    })
    expect(demoSizes()).toMatchObject({ letters: 1_000, users: 100, subscriptions: 200 })
  })

  it('refuses what it does not know, with the reason', () => {
    expect(() => parseDemoArgs(['--letter', '5'])).toThrow(/Unknown argument --letter/)
    expect(() => parseDemoArgs(['--letters'])).toThrow(/--letters must be a whole number/)
    expect(() => parseDemoArgs(['--users=-3'])).toThrow(DemoSizeError)
    expect(() => demoSizes({ users: 0, letters: 5 })).toThrow(/need customers/)
  })
})
