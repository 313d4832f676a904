import { Calculator, Users, Wallet } from 'lucide-react'
import { useLive } from '@/data/use-live'
import { summarizeEarnings } from '@/domain/commissions'
import {
  COMMISSION_PERCENT,
  COUPON_DISCOUNT_PERCENT,
  formatCents,
  REFUND_WINDOW_DAYS,
} from '@/domain/money'
import type { User } from '@/domain/types'
import { StatCard } from '@/ui/stat-card'
import { CommissionTable } from './commission-table'
import { CopyCodeButton } from './copy-code-button'

/** Referrals and earnings, read from the commission ledger. */
export function EmployeePortal({ user }: { user: User }) {
  const live = useLive(
    (repository) => repository.referrals.myCommissions(),
    `commissions:${user.id}`,
  )
  const lines = live.data ?? []
  const { referrals, earningsCents, averageCents } = summarizeEarnings(lines)

  return (
    <section aria-labelledby="employee-portal-heading" className="flex flex-col gap-6">
      <h2 id="employee-portal-heading" className="text-2xl font-semibold">
        Employee Portal
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Referrals"
          value={String(referrals)}
          icon={<Users className="size-4" />}
        />
        <StatCard
          label="Total Earnings"
          value={formatCents(earningsCents)}
          icon={<Wallet className="size-4" />}
        />
        <StatCard
          label="Avg per Referral"
          value={formatCents(averageCents)}
          icon={<Calculator className="size-4" />}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-brass-400 bg-white p-5 dark:bg-ink-900">
        <div>
          <h3 className="text-sm font-semibold uppercase tracking-wider text-ink-500 dark:text-ink-300">
            Your coupon code
          </h3>
          <p className="mt-1 font-mono text-2xl tracking-widest" data-testid="coupon-code">
            {user.couponCode}
          </p>
        </div>
        {user.couponCode ? <CopyCodeButton code={user.couponCode} /> : null}
      </div>
      <section aria-labelledby="commissions-heading" className="flex flex-col gap-3">
        <h3 id="commissions-heading" className="text-lg font-semibold">
          Commissions
        </h3>
        <CommissionTable lines={lines} />
      </section>
      <section
        aria-labelledby="how-heading"
        className="rounded-xl bg-ink-50 p-5 text-sm dark:bg-ink-900"
      >
        <h3 id="how-heading" className="text-lg font-semibold">
          How it works
        </h3>
        <ol className="mt-2 flex list-decimal flex-col gap-1 pl-5 text-ink-700 dark:text-ink-200">
          <li>Share your coupon code with customers.</li>
          <li>They save {COUPON_DISCOUNT_PERCENT}% on any plan when they enter it at checkout.</li>
          <li>
            You earn {COMMISSION_PERCENT}% of what they pay, recorded here the moment they pay.
          </li>
          <li>
            A commission is pending for {REFUND_WINDOW_DAYS} days, while a refund would void it,
            then approved, and paid with the next payout.
          </li>
        </ol>
      </section>
    </section>
  )
}
