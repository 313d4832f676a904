import { Button } from './button'

type PaginationProps = {
  /** Names the navigation landmark, e.g. "Users pages". */
  label: string
  page: number
  pageSize: number
  total: number
  onPageChange: (page: number) => void
}

const count = (value: number) => value.toLocaleString('en-US')

/** Previous and Next around "Page X of Y", with the range of rows shown. */
export function Pagination({ label, page, pageSize, total, onPageChange }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  // A page past the end (rows deleted, a narrower search) shows as the last one.
  const current = Math.min(Math.max(1, page), pages)
  const first = total === 0 ? 0 : (current - 1) * pageSize + 1
  const last = Math.min(total, current * pageSize)
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm"
    >
      <p className="text-ink-600 dark:text-ink-300" aria-live="polite">
        {total === 0 ? 'No rows' : `Showing ${count(first)}–${count(last)} of ${count(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          disabled={current <= 1}
          onClick={() => onPageChange(current - 1)}
        >
          Previous
        </Button>
        <span className="px-1 whitespace-nowrap text-ink-700 dark:text-ink-200">
          Page {count(current)} of {count(pages)}
        </span>
        <Button
          variant="secondary"
          disabled={current >= pages}
          onClick={() => onPageChange(current + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  )
}
