import type { CommissionLine } from '@/data/repository'
import { formatCents } from '@/domain/money'
import { findPlan } from '@/domain/plans'
import { formatDate } from '@/lib/format-date'
import { type Column, DataTable, type TableSort } from '@/ui/data-table'
import { COMMISSION_STATE_LABELS, type CommissionState, earnedCents } from '@/domain/commissions'

const earnsNothing = (state: CommissionState) => earnedCents(state, 1) === 0

const BADGE_STYLE: Record<CommissionState, string> = {
  pending: 'bg-brass-300/30 text-ink-800 dark:text-ink-100',
  approved: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  paid: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  voided: 'bg-ink-100 text-ink-700 dark:bg-ink-800 dark:text-ink-200',
  adjusted: 'bg-ink-100 text-ink-700 dark:bg-ink-800 dark:text-ink-200',
}

function CommissionStateBadge({ state }: { state: CommissionState }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLE[state]}`}
    >
      {COMMISSION_STATE_LABELS[state]}
    </span>
  )
}

const NUMERIC = 'whitespace-nowrap text-right tabular-nums'

/** The portal lists commissions newest first and offers no other order. */
const NEWEST_FIRST: TableSort = { key: 'createdAt', direction: 'desc' }

// The shared table: on a phone each commission is a card, so the Commission
// column is never off-screen; on a desktop it scrolls with a visible sign.
const COLUMNS: Column<CommissionLine>[] = [
  {
    key: 'date',
    header: 'Date',
    sortKey: 'createdAt',
    cell: (line) => formatDate(line.createdAt),
    className: 'whitespace-nowrap',
  },
  { key: 'plan', header: 'Plan', cell: (line) => findPlan(line.plan)?.name ?? line.plan },
  {
    key: 'sale',
    header: 'Sale Amount',
    cell: (line) => formatCents(line.saleCents),
    className: NUMERIC,
  },
  {
    key: 'commission',
    header: 'Commission',
    cell: (line) => (
      <span className={earnsNothing(line.state) ? 'text-ink-500 line-through' : undefined}>
        {formatCents(line.amountCents)}
      </span>
    ),
    className: NUMERIC,
  },
  { key: 'status', header: 'Status', cell: (line) => <CommissionStateBadge state={line.state} /> },
]

export function CommissionTable({ lines }: { lines: CommissionLine[] }) {
  if (lines.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-ink-200 p-6 text-center text-ink-600 dark:border-ink-700 dark:text-ink-300">
        No commissions yet. Share your code: each customer who uses it earns you 5% of what they
        pay.
      </p>
    )
  }
  return (
    <DataTable
      caption="Your commissions, newest first"
      columns={COLUMNS}
      rows={lines}
      rowKey={(line) => line.id}
      sort={NEWEST_FIRST}
      empty={null}
    />
  )
}
