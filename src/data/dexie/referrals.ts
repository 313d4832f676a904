import { AppError } from '@/domain/errors'
import { commissionStateAt } from '@/domain/commissions'
import type { CommissionLine, EmployeeCoupon, ReferralsRepository } from '../repository'
import { creditWithin, employeeByCode, refuseForServerAccount } from './commission-ledger'
import { type RepositoryContext, readTransaction, requireRole } from './context'

export function createReferralsRepository({ db, clock }: RepositoryContext): ReferralsRepository {
  return {
    /** Only customers apply coupons: an employee cannot use theirs or anyone's. */
    async findEmployeeByCouponCode(code): Promise<EmployeeCoupon | null> {
      await requireRole(db, ['user'])
      const employee = await employeeByCode(db, code)
      return employee?.couponCode
        ? { employeeId: employee.id, couponCode: employee.couponCode }
        : null
    },

    async creditEmployee(subscriptionId) {
      return db.transaction(
        'rw',
        [db.subscriptions, db.commissions, db.users, db.session, db.syncState],
        async () => {
          const caller = await requireRole(db, ['user', 'admin'])
          await refuseForServerAccount(db, caller.id)
          const subscription = await db.subscriptions.get(subscriptionId)
          if (!subscription) throw new AppError('NOT_FOUND')
          if (caller.role !== 'admin' && subscription.userId !== caller.id)
            throw new AppError('FORBIDDEN')
          return creditWithin(db, clock, subscription)
        },
      )
    },

    async myCommissions() {
      return readTransaction(
        db,
        [db.commissions, db.subscriptions, db.users, db.session],
        async () => {
          const employee = await requireRole(db, ['employee'])
          const commissions = await db.commissions.where('employeeId').equals(employee.id).toArray()
          // Device-only commissions name the purchase on this device; synced ones carry the sale.
          const sales = await db.subscriptions.bulkGet(
            commissions.map((row) => row.subscriptionId ?? ''),
          )
          const now = clock()
          return commissions
            .map((row, index): CommissionLine => {
              const sale = sales[index]
              return {
                ...row,
                plan: row.plan ?? sale?.plan ?? '',
                saleCents: row.saleCents ?? sale?.priceCents ?? 0,
                state: commissionStateAt(row.state ?? 'pending', row.createdAt, now),
              }
            })
            .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0))
        },
      )
    },
  }
}
