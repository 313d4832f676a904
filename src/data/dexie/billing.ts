import { normalizeCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { COMMISSION_PERCENT, percentOfCents, priceWithCoupon } from '@/domain/money'
import { planExpiry, requirePlan } from '@/domain/plans'
import type { Commission, Subscription, User } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import type { EmployeeCoupon, ReferralsRepository, SubscriptionsRepository } from '../repository'
import { type RepositoryContext, requireRole, stamp } from './context'

async function employeeByCode(db: LetterheadDatabase, input: string): Promise<User | undefined> {
  const code = normalizeCouponCode(input)
  if (code === '') throw new AppError('COUPON_REQUIRED')
  const user = await db.users.where('couponCode').equals(code).first()
  return user?.role === 'employee' ? user : undefined
}

/** Writes the ledger row and the employee's totals; idempotent per subscription. */
async function creditWithin(
  db: LetterheadDatabase,
  clock: () => Date,
  subscription: Subscription,
): Promise<Commission | null> {
  if (!subscription.employeeId) return null
  const existing = await db.commissions.where('subscriptionId').equals(subscription.id).first()
  if (existing) return existing
  const employee = await db.users.get(subscription.employeeId)
  if (!employee) return null
  const commission: Commission = {
    id: newId(),
    employeeId: employee.id,
    subscriptionId: subscription.id,
    amountCents: percentOfCents(subscription.priceCents, COMMISSION_PERCENT),
    ...stamp(clock),
  }
  await db.commissions.add(commission)
  await db.users.update(employee.id, {
    referrals: (employee.referrals ?? 0) + 1,
    earningsCents: (employee.earningsCents ?? 0) + commission.amountCents,
    updatedAt: commission.createdAt,
  })
  return commission
}

export function createSubscriptionsRepository({
  db,
  clock,
}: RepositoryContext): SubscriptionsRepository {
  return {
    async create(input) {
      const plan = requirePlan(input.plan)
      const tables = [db.subscriptions, db.commissions, db.users, db.session]
      return db.transaction('rw', tables, async () => {
        const user = await requireRole(db, ['user'])
        const idempotencyKey = input.idempotencyKey ?? newId()
        const earlier = await db.subscriptions
          .where('idempotencyKey')
          .equals(idempotencyKey)
          .first()
        if (earlier) {
          if (earlier.userId !== user.id) throw new AppError('FORBIDDEN')
          return earlier
        }
        const employee =
          input.couponCode === undefined ? undefined : await employeeByCode(db, input.couponCode)
        if (input.couponCode !== undefined && !employee) throw new AppError('INVALID_COUPON')
        const price = priceWithCoupon(plan.priceCents, employee !== undefined)
        const times = stamp(clock)
        const subscription: Subscription = {
          id: newId(),
          userId: user.id,
          plan: plan.id,
          priceCents: price.priceCents,
          discountCents: price.discountCents,
          discountPercent: price.discountPercent,
          letters: plan.letters,
          expiresAt: planExpiry(plan, new Date(times.createdAt)),
          idempotencyKey,
          ...(employee ? { couponCode: employee.couponCode, employeeId: employee.id } : {}),
          ...times,
        }
        await db.subscriptions.add(subscription)
        await creditWithin(db, clock, subscription)
        return subscription
      })
    },

    async listAll() {
      await requireRole(db, ['admin'])
      return db.subscriptions.orderBy('createdAt').reverse().toArray()
    },
  }
}

export function createReferralsRepository({ db, clock }: RepositoryContext): ReferralsRepository {
  return {
    async findEmployeeByCouponCode(code): Promise<EmployeeCoupon | null> {
      await requireRole(db, ['user', 'employee', 'admin'])
      const employee = await employeeByCode(db, code)
      return employee?.couponCode
        ? { employeeId: employee.id, couponCode: employee.couponCode }
        : null
    },

    async creditEmployee(subscriptionId) {
      return db.transaction(
        'rw',
        [db.subscriptions, db.commissions, db.users, db.session],
        async () => {
          const caller = await requireRole(db, ['user', 'admin'])
          const subscription = await db.subscriptions.get(subscriptionId)
          if (!subscription) throw new AppError('NOT_FOUND')
          if (caller.role !== 'admin' && subscription.userId !== caller.id)
            throw new AppError('FORBIDDEN')
          return creditWithin(db, clock, subscription)
        },
      )
    },
  }
}
