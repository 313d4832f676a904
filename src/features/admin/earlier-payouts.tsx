import { Download } from 'lucide-react'
import { useId } from 'react'
import { messageFor } from '@/domain/errors'
import { formatCents } from '@/domain/money'
import { type PayoutListItem, payoutCsvPath } from '@/domain/money-api'
import { formatDateTime } from '@/lib/format-date'
import { Button, buttonClass } from '@/ui/button'
import { plural } from './payout-summary'
import { useEarlierPayouts } from './use-server-admin'

const MUTED = 'text-sm text-ink-500 dark:text-ink-300'

function EarlierPayout({ payout }: { payout: PayoutListItem }) {
  // The time as well as the day: two payouts on one day still have links apart.
  const when = formatDateTime(payout.createdAt)
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <time dateTime={payout.createdAt} className="font-medium">
        {when}
      </time>
      <span className="font-semibold tabular-nums">{formatCents(payout.totalCents)}</span>
      <span className="text-ink-600 dark:text-ink-300">
        {plural(payout.employees, 'employee', 'employees')},{' '}
        {plural(payout.commissions, 'commission', 'commissions')}
      </span>
      <a
        href={payoutCsvPath(payout.payoutId)}
        download
        aria-label={`Download CSV of the payout of ${when}`}
        className={buttonClass('link', 'min-h-8 px-2 py-1 sm:ml-auto')}
      >
        <Download aria-hidden className="size-4" />
        Download CSV
      </a>
    </li>
  )
}

/** The most recent payouts (server mode), each with its CSV to download again. */
export function EarlierPayouts() {
  const headingId = useId()
  const read = useEarlierPayouts()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-semibold">
        Earlier payouts
      </h3>
      {read.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {messageFor(read.error, 'SERVER_ERROR')}
          </p>
          <Button variant="secondary" onClick={() => void read.refetch()}>
            Try Again
          </Button>
        </div>
      ) : read.data === undefined ? (
        <p className={MUTED}>Loading earlier payouts…</p>
      ) : read.data.length === 0 ? (
        <p className={MUTED}>No payouts recorded yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-ink-100 dark:divide-ink-800">
          {read.data.map((payout) => (
            <EarlierPayout key={payout.payoutId} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  )
}
