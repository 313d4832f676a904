import { Button } from './button'
import { formatCount } from '@/lib/format-count'

type PagerProps = {
  /** Names the navigation landmark, e.g. "Users pages". */
  label: string
  /** Which rows are on screen, e.g. "Showing 1–25 of 30"; announced when it changes. */
  status: string
  /** Where this page stands, e.g. "Page 1 of 2", when that is known. */
  position?: string
  canGoBack: boolean
  canGoForward: boolean
  onBack: () => void
  onForward: () => void
}

/** Previous and Next around where the page stands, with the rows shown. */
export function Pager({
  label,
  status,
  position,
  canGoBack,
  canGoForward,
  onBack,
  onForward,
}: PagerProps) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm"
    >
      <p className="text-ink-600 dark:text-ink-300" aria-live="polite">
        {status}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" disabled={!canGoBack} onClick={onBack}>
          Previous
        </Button>
        {position ? (
          <span className="px-1 whitespace-nowrap text-ink-700 dark:text-ink-200">{position}</span>
        ) : null}
        <Button variant="secondary" disabled={!canGoForward} onClick={onForward}>
          Next
        </Button>
      </div>
    </nav>
  )
}

/** "Showing 26–50", or "… of 30" when the total is known; "No rows" for none. */
export function rowsShown(first: number, shown: number, total?: number): string {
  if (shown === 0) return 'No rows'
  const range = `Showing ${formatCount(first)}–${formatCount(first + shown - 1)}`
  return total === undefined ? range : `${range} of ${formatCount(total)}`
}

type PaginationProps = {
  label: string
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
}

/** Pages by number over `total` rows: Previous and Next around "Page X of Y". */
export function Pagination({ label, page, pageSize, total, onPageChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  // A page past the end (rows deleted, a narrower search) shows as the last one.
  const current = Math.min(Math.max(1, page), pages)
  const first = (current - 1) * pageSize + 1
  return (
    <Pager
      label={label}
      status={rowsShown(first, Math.min(total, current * pageSize) - first + 1, total)}
      position={`Page ${formatCount(current)} of ${formatCount(pages)}`}
      canGoBack={current > 1}
      canGoForward={current < pages}
      onBack={() => onPageChange(current - 1)}
      onForward={() => onPageChange(current + 1)}
    />
  )
}
