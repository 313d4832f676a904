import type { CommissionLine } from '@/data/repository'
import { formatCents } from '@/domain/money'
import { findPlan } from '@/domain/plans'
import { formatDate } from '@/lib/format-date'

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
      <table className="w-full min-w-[32rem] text-left text-sm">
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
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-t border-ink-100 dark:border-ink-800">
              <td className="px-4 py-2">{formatDate(line.createdAt)}</td>
              <td className="px-4 py-2">{findPlan(line.plan)?.name ?? line.plan}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCents(line.saleCents)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{formatCents(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
