import type { CommissionLine } from '@/data/repository'
import { formatCents } from '@/domain/money'
import { findPlan } from '@/domain/plans'
import { formatDate } from '@/lib/format-date'
import {
  COMMISSION_STATE_LABELS,
  type CommissionState,
  earnedCents,
} from '@/domain/commissions'

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
    <div className="overflow-x-auto rounded-lg border border-ink-100 dark:border-ink-800">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Your commissions, newest first</caption>
        <thead className="bg-ink-50 text-ink-600 dark:bg-ink-900 dark:text-ink-300">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Date
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Plan
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Sale Amount
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Commission
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-t border-ink-100 dark:border-ink-800">
              <td className="px-4 py-2">{formatDate(line.createdAt)}</td>
              <td className="px-4 py-2">{findPlan(line.plan)?.name ?? line.plan}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCents(line.saleCents)}</td>
              <td
                className={`px-4 py-2 text-right tabular-nums ${earnsNothing(line.state) ? 'text-ink-500 line-through' : ''}`}
              >
                {formatCents(line.amountCents)}
              </td>
              <td className="px-4 py-2">
                <CommissionStateBadge state={line.state} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
