import { QueryProvider } from '@/data/query-client'
import { messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { type AiUsageRange, DEFAULT_AI_USAGE_RANGE } from './ai-usage-range'
import { AiUsageRangeChoice } from './ai-usage-range-choice'
import { AiUsageSummary, AiUsageTables, formatUtcDay, periodTotals } from './ai-usage-tables'
import { useServerAiUsage } from './use-server-admin'

const MUTED = 'text-sm text-ink-500 dark:text-ink-300'

type AiUsagePanelProps = {
  /** The period in the URL; a month when it names none. */
  days: AiUsageRange | undefined
  onDaysChange: (days: AiUsageRange) => void
}

function AiUsage({ days = DEFAULT_AI_USAGE_RANGE, onDaysChange }: AiUsagePanelProps) {
  const read = useServerAiUsage(days)
  const report = read.data
  const totals = report && periodTotals(report)
  return (
    <div className="flex flex-col gap-4">
      <AiUsageRangeChoice value={days} onChange={onDaysChange} />
      {read.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {messageFor(read.error, 'SERVER_ERROR')}
          </p>
          <Button variant="secondary" onClick={() => void read.refetch()}>
            Try Again
          </Button>
        </div>
      ) : null}
      {report === undefined || totals === undefined ? (
        read.isError ? null : (
          <p className={MUTED}>Loading AI usage…</p>
        )
      ) : totals.attempts === 0 ? (
        <p
          aria-busy={read.isPlaceholderData}
          className="py-6 text-center text-ink-600 dark:text-ink-300"
        >
          No AI usage in this period
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-700 dark:text-ink-200">
            <time dateTime={report.from}>{formatUtcDay(report.from)}</time> to{' '}
            <time dateTime={report.to}>{formatUtcDay(report.to)}</time>, UTC days
          </p>
          <AiUsageSummary totals={totals} />
          <AiUsageTables report={report} busy={read.isPlaceholderData} />
          <p className={MUTED}>
            Days without attempts are not listed; users are listed by their tokens in and out
            together, most first. Failures are the model&apos;s errors, timeouts and letters the
            output check refused; turned away are attempts over a user&apos;s rate limit or daily
            budget.
          </p>
        </>
      )}
    </div>
  )
}

/**
 * What the server's AI cost (server mode only, decision 031), read from the
 * server like the other tabs, with the query client that comes with them.
 */
export function AiUsagePanel(props: AiUsagePanelProps) {
  return (
    <QueryProvider>
      <AiUsage {...props} />
    </QueryProvider>
  )
}
