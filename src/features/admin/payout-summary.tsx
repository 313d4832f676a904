import { Download } from 'lucide-react'
import { useId } from 'react'
import { formatCents, REFUND_WINDOW_DAYS } from '@/domain/money'
import { type PayoutAnswer, payoutCsvPath } from '@/domain/money-api'
import { buttonClass } from '@/ui/button'

export const plural = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`

/** What a payout recorded: what to pay whom, and the same as a CSV to pay from. */
export function PayoutSummary({ payout }: { payout: PayoutAnswer }) {
  const headingId = useId()
  const { lines } = payout
  if (lines.length === 0) {
    return (
      <p role="status" className="text-sm text-ink-600 dark:text-ink-300">
        Nothing to pay: no unpaid commission has passed its {REFUND_WINDOW_DAYS}-day refund window.
      </p>
    )
  }
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-ink-100 bg-white p-3 sm:p-4 dark:border-ink-800 dark:bg-ink-900"
    >
      <h3 id={headingId} className="font-semibold">
        Payout recorded
      </h3>
      <p role="status" className="text-sm">
        Pay {formatCents(payout.totalCents)} to {plural(lines.length, 'employee', 'employees')}.
      </p>
      <ul className="flex flex-col gap-2 text-sm">
        {lines.map((line) => (
          <li key={line.employeeId} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <span className="font-medium">{line.fullName}</span>
            <span className="wrap-anywhere text-ink-600 dark:text-ink-300">{line.email}</span>
            <span className="text-ink-600 dark:text-ink-300">
              {plural(line.commissions, 'commission', 'commissions')}
            </span>
            <span className="ml-auto font-semibold tabular-nums">
              {formatCents(line.amountCents)}
            </span>
          </li>
        ))}
      </ul>
      <a
        href={payoutCsvPath(payout.payoutId)}
        download
        className={buttonClass('secondary', 'self-start')}
      >
        <Download aria-hidden className="size-4" />
        Download payout CSV
      </a>
    </section>
  )
}
