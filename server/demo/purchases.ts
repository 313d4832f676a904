import { type SQLWrapper, sql } from 'drizzle-orm'
import { priceWithCoupon, REFUND_WINDOW_DAYS } from '@/domain/money'
import { PLANS, planExpiry } from '@/domain/plans'
import { TEST_GATEWAY_ID } from '@/domain/payment/test-gateway'
import { type Employee, iso, type Person, type SeedContext, timeSince } from './context'
import { batches, DAY_MS } from './draw'

/** Purchases made with an employee's coupon, as in the device's demo seed. */
const COUPON_SHARE = 0.4
/** The refund window as an SQL interval: a commission is approved when it ends. */
const REFUND_WINDOW = sql.raw(`interval '${REFUND_WINDOW_DAYS} days'`)

type Sale = {
  id: string
  ownerId: string
  plan: string
  listCents: number
  discountPercent: number
  discountCents: number
  priceCents: number
  commissionCents: number
  letters: number
  expiresAt: string | null
  employeeId: string | null
  couponCode: string | null
  chargeId: string
  createdAt: string
}

/**
 * Purchases priced from the catalogue, each after its buyer joined, paid
 * through the test gateway; with each, as checkout writes them (server/money/
 * purchase.ts), its credit grant and, when a coupon was used, the employee's
 * commission (pending, and approved once the refund window has passed) and
 * referral count. One transaction a batch.
 */
export async function seedPurchases(
  context: SeedContext,
  count: number,
  customers: readonly Person[],
  employees: readonly Employee[],
) {
  const { draw } = context
  const sale = (): Sale => {
    const owner = draw.pick(customers)
    const plan = draw.pick(PLANS)
    const employee = employees.length > 0 && draw.chance(COUPON_SHARE) ? draw.pick(employees) : null
    const price = priceWithCoupon(plan.priceCents, employee !== null)
    const createdAt = new Date(timeSince(context, owner.createdAt))
    return {
      id: crypto.randomUUID(),
      ownerId: owner.id,
      plan: plan.id,
      ...price,
      letters: plan.letters,
      expiresAt: planExpiry(plan, createdAt),
      employeeId: employee?.id ?? null,
      couponCode: employee?.couponCode ?? null,
      chargeId: `ch_demo_${crypto.randomUUID()}`,
      createdAt: createdAt.toISOString(),
    }
  }
  const windowEnd = iso(context.now.getTime() - REFUND_WINDOW_DAYS * DAY_MS)
  for (const batch of batches(count, context.batch)) {
    const rows = Array.from({ length: batch.count }, sale)
    await context.db.transaction(async (tx) => {
      const column = <K extends keyof Sale>(key: K) => sql.param(rows.map((row) => row[key]))
      await tx.execute(sql`
        insert into subscriptions (id, owner_id, plan, list_cents, discount_percent, discount_cents,
          price_cents, letters, expires_at, employee_id, coupon_code, gateway, charge_id, card_brand,
          card_last4, version, created_at, updated_at)
        select n.id, n.owner_id, n.plan, n.list_cents, n.discount_percent, n.discount_cents,
          n.price_cents, n.letters, n.expires_at, n.employee_id, n.coupon_code, ${TEST_GATEWAY_ID},
          n.charge_id, 'Visa', '4242', nextval('sync_version'), n.created_at, n.created_at
        from unnest(
          ${column('id')}::uuid[], ${column('ownerId')}::uuid[], ${column('plan')}::text[],
          ${column('listCents')}::int4[], ${column('discountPercent')}::int4[],
          ${column('discountCents')}::int4[], ${column('priceCents')}::int4[],
          ${column('letters')}::int4[], ${column('expiresAt')}::timestamptz[],
          ${column('employeeId')}::uuid[], ${column('couponCode')}::text[],
          ${column('chargeId')}::text[], ${column('createdAt')}::timestamptz[]
        ) as n(id, owner_id, plan, list_cents, discount_percent, discount_cents, price_cents,
          letters, expires_at, employee_id, coupon_code, charge_id, created_at)
      `)
      const ids = column('id')
      await tx.execute(sql`
        insert into credit_ledger (id, owner_id, subscription_id, delta, reason, created_at)
        select gen_random_uuid(), s.owner_id, s.id, s.letters, 'grant', s.created_at
        from subscriptions s where s.id = any(${ids}::uuid[])
      `)
      const withCoupon = rows.filter((row) => row.employeeId !== null)
      if (withCoupon.length === 0) return
      const sold = <K extends keyof Sale>(key: K) => sql.param(withCoupon.map((row) => row[key]))
      // updated_at: when its last state began (approved after the window, when that has passed).
      await tx.execute(sql`
        insert into commissions (id, employee_id, subscription_id, sale_cents, commission_cents,
          version, created_at, updated_at)
        select gen_random_uuid(), n.employee_id, n.subscription_id, n.sale_cents,
          n.commission_cents, nextval('sync_version'), n.created_at,
          case when n.created_at <= ${windowEnd}::timestamptz then n.created_at + ${REFUND_WINDOW} else n.created_at end
        from unnest(
          ${sold('employeeId')}::uuid[], ${sold('id')}::uuid[], ${sold('priceCents')}::int4[],
          ${sold('commissionCents')}::int4[], ${sold('createdAt')}::timestamptz[]
        ) as n(employee_id, subscription_id, sale_cents, commission_cents, created_at)
      `)
      await recordCommissionStates(tx, ids, windowEnd, context.now)
    })
    context.wrote('purchases', batch.count)
  }
}

/**
 * Each new commission's events, in order: pending at the sale; approved when
 * the refund window ended, if it has (what approveDue writes when it runs);
 * and the employees' referral counts.
 */
async function recordCommissionStates(
  tx: SeedContext['db'],
  subscriptionIds: SQLWrapper,
  windowEnd: string,
  now: Date,
) {
  await tx.execute(sql`
    insert into commission_events (id, commission_id, state, amount_cents, created_at)
    select gen_random_uuid(), c.id, 'pending', c.commission_cents, c.created_at
    from commissions c where c.subscription_id = any(${subscriptionIds}::uuid[])
  `)
  await tx.execute(sql`
    insert into commission_events (id, commission_id, state, amount_cents, created_at)
    select gen_random_uuid(), c.id, 'approved', c.commission_cents,
      c.created_at + ${REFUND_WINDOW}
    from commissions c
    where c.subscription_id = any(${subscriptionIds}::uuid[])
      and c.created_at <= ${windowEnd}::timestamptz
  `)
  await tx.execute(sql`
    insert into employee_totals (employee_id, referrals, updated_at)
    select c.employee_id, count(*), ${now.toISOString()}::timestamptz
    from commissions c where c.subscription_id = any(${subscriptionIds}::uuid[])
    group by c.employee_id
    on conflict (employee_id) do update
      set referrals = employee_totals.referrals + excluded.referrals,
        updated_at = excluded.updated_at
  `)
}
