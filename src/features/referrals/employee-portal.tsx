import type { User } from '@/domain/types'

export function EmployeePortal({ user }: { user: User }) {
  return (
    <section
      aria-labelledby="employee-portal-heading"
      className="rounded-xl border border-ink-100 bg-white p-6 dark:border-ink-800 dark:bg-ink-900"
    >
      <h2 id="employee-portal-heading" className="text-xl font-semibold">
        Employee Portal
      </h2>
      <p className="mt-2 text-ink-600 dark:text-ink-300">Your referral coupon code</p>
      <p className="mt-1 font-mono text-2xl tracking-widest" data-testid="coupon-code">
        {user.couponCode}
      </p>
    </section>
  )
}
