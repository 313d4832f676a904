import type { AiUsageReport } from '@/domain/ai-api'
import { type Column, DataTable } from '@/ui/data-table'
import { NOWRAP, NUMERIC } from './cells'
import { formatCount } from '@/lib/format-count'

type DayRow = AiUsageReport['days'][number]
type UserRow = AiUsageReport['users'][number]
type Totals = Omit<DayRow, 'day'>

/** The report's days are UTC days: shown as such, wherever the admin is. */
const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
export const formatUtcDay = (day: string) => utcDay.format(new Date(`${day}T00:00:00Z`))

/** The same figures for a day and for a user, in the same order. */
const FIGURES: ReadonlyArray<{ key: keyof Totals; header: string }> = [
  { key: 'attempts', header: 'Attempts' },
  { key: 'letters', header: 'Letters' },
  { key: 'failures', header: 'Failures' },
  { key: 'cancelled', header: 'Cancelled' },
  { key: 'turnedAway', header: 'Turned away' },
  { key: 'tokensIn', header: 'Tokens in' },
  { key: 'tokensOut', header: 'Tokens out' },
]

function figureColumns<Row extends Totals>(): Column<Row>[] {
  return FIGURES.map(({ key, header }) => ({
    key,
    header,
    cell: (row) => formatCount(row[key]),
    className: NUMERIC,
  }))
}

const DAY_COLUMNS: Column<DayRow>[] = [
  {
    key: 'day',
    header: 'Day',
    sortKey: 'day',
    cell: (row) => <time dateTime={row.day}>{formatUtcDay(row.day)}</time>,
    className: NOWRAP,
  },
  ...figureColumns<DayRow>(),
]

const USER_COLUMNS: Column<UserRow>[] = [
  {
    key: 'user',
    header: 'User',
    cell: (row) => (
      // A long e-mail breaks rather than widening the table past a phone's screen.
      <span className="flex min-w-40 flex-col [overflow-wrap:anywhere]">
        <span className="font-medium">{row.fullName}</span>
        <span className="text-ink-600 dark:text-ink-300">{row.email}</span>
      </span>
    ),
  },
  ...figureColumns<UserRow>(),
]

/** Every figure summed over the period's days. */
export function periodTotals(report: AiUsageReport): Totals {
  const sum = (key: keyof Totals) => report.days.reduce((total, day) => total + day[key], 0)
  return {
    attempts: sum('attempts'),
    letters: sum('letters'),
    failures: sum('failures'),
    cancelled: sum('cancelled'),
    turnedAway: sum('turnedAway'),
    tokensIn: sum('tokensIn'),
    tokensOut: sum('tokensOut'),
  }
}

const SUMMARY: ReadonlyArray<{ key: keyof Totals; label: string }> = [
  { key: 'attempts', label: 'Attempts' },
  { key: 'letters', label: 'Letters written' },
  { key: 'failures', label: 'Failures' },
  { key: 'tokensIn', label: 'Tokens in' },
  { key: 'tokensOut', label: 'Tokens out' },
]

/** The period at a glance, above the tables that break it down. */
export function AiUsageSummary({ totals }: { totals: Totals }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5 sm:gap-3">
      {SUMMARY.map(({ key, label }) => (
        <div
          key={key}
          className="flex min-w-0 flex-col rounded-lg border border-ink-100 bg-white px-3 py-2 dark:border-ink-800 dark:bg-ink-900"
        >
          <dt className="text-xs font-medium text-ink-600 dark:text-ink-300">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">
            {formatCount(totals[key])}
          </dd>
        </div>
      ))}
    </dl>
  )
}

const NEWEST_DAY_FIRST = { key: 'day', direction: 'desc' } as const
/** Matches no column: the order (tokens in and out together) is said under the tables. */
const MOST_TOKENS_FIRST = { key: 'tokens', direction: 'desc' } as const

type TablesProps = { report: AiUsageReport; busy: boolean }

/**
 * The days that had attempts, newest first, and the users who spent the most
 * tokens. Days without attempts are left out: a quiet quarter would
 * otherwise be ninety rows of zeros around the few that matter.
 */
export function AiUsageTables({ report, busy }: TablesProps) {
  const days = report.days.filter((day) => day.attempts > 0).reverse()
  return (
    <>
      <DataTable
        caption="AI usage per day"
        columns={DAY_COLUMNS}
        rows={days}
        rowKey={(row) => row.day}
        sort={NEWEST_DAY_FIRST}
        busy={busy}
        empty={null}
      />
      <DataTable
        caption="Top users by tokens"
        columns={USER_COLUMNS}
        rows={report.users}
        rowKey={(row) => row.userId}
        sort={MOST_TOKENS_FIRST}
        busy={busy}
        empty={<p className="text-ink-600 dark:text-ink-300">No users in this period.</p>}
      />
    </>
  )
}
