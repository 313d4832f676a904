import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import { priceWithCoupon } from '@/domain/money'
import { planExpiry, requirePlan } from '@/domain/plans'
import type { Subscription, User } from '@/domain/types'
import type { NewSubscription, SubscriptionsRepository } from '../repository'
import { creditWithin, employeeByCode, refuseForServerAccount } from './commission-ledger'
import { type RepositoryContext, readAs, requireRole, stamp } from './context'
import { entitlementsOf, purchasesOf } from './credits'

const CARD_LAST4 = /^\d{4}$/

export function createSubscriptionsRepository({
  db,
  clock,
}: RepositoryContext): SubscriptionsRepository {
  function newSubscription(
    user: User,
    input: NewSubscription,
    idempotencyKey: string,
    employee?: User,
  ): Subscription {
    const plan = requirePlan(input.plan)
    const price = priceWithCoupon(plan.priceCents, employee !== undefined)
    const times = stamp(clock)
    const payment = input.payment
    return {
      id: newId(),
      userId: user.id,
      plan: plan.id,
      priceCents: price.priceCents,
      discountCents: price.discountCents,
      discountPercent: price.discountPercent,
      letters: plan.letters,
      lettersUsed: 0,
      expiresAt: planExpiry(plan, new Date(times.createdAt)),
      idempotencyKey,
      ...(employee ? { couponCode: employee.couponCode, employeeId: employee.id } : {}),
      ...(payment
        ? { chargeId: payment.chargeId, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 }
        : {}),
      ...times,
    }
  }

  return {
    async create(input) {
      requirePlan(input.plan)
      if (input.payment && !CARD_LAST4.test(input.payment.cardLast4)) {
        throw new AppError('INVALID_INPUT', 'Only the last four digits of a card may be kept.')
      }
      const tables = [db.subscriptions, db.commissions, db.users, db.session, db.syncState]
      // Subscription, commission and the employee's totals are written together or not at all.
      return db.transaction('rw', tables, async () => {
        const user = await requireRole(db, ['user'])
        await refuseForServerAccount(db, user.id)
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
        const subscription = newSubscription(user, input, idempotencyKey, employee)
        await db.subscriptions.add(subscription)
        await creditWithin(db, clock, subscription)
        return subscription
      })
    },

    entitlements: () =>
      readAs(db, ['user'], [db.subscriptions], (userId) => purchasesOf(db, userId)).then(
        (purchases) => entitlementsOf(purchases, clock()),
      ),

    async listAll() {
      await requireRole(db, ['admin'])
      return db.subscriptions.orderBy('createdAt').reverse().toArray()
    },
  }
}
