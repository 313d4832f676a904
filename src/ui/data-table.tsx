import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { cn } from './cn'

export type SortDirection = 'asc' | 'desc'
export type TableSort = { key: string; direction: SortDirection }

export type Column<Row> = {
  key: string
  header: string
  /** Present when the column can sort: the key handed to `onSort`. */
  sortKey?: string
  cell: (row: Row) => ReactNode
  className?: string
}

type DataTableProps<Row> = {
  caption: string
  columns: readonly Column<Row>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string
  /** The order the rows are in. */
  sort: TableSort
  /** How another order is asked for; without it the headers only say the order. */
  onSort?: (key: string) => void
  /** Shown in place of rows when there are none. */
  empty: ReactNode
  /** True while newer rows are on their way; the old ones stay to avoid a flash. */
  busy?: boolean
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const

/**
 * A table whose sortable headers are buttons (the WAI-ARIA sortable table
 * pattern). It scrolls sideways inside its own box, so a wide table never
 * makes the whole page scroll on a phone.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
  onSort,
  empty,
  busy = false,
}: DataTableProps<Row>) {
  const captionId = useId()
  const sorted = columns.find((column) => column.sortKey === sort.key)
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // Focusable so keyboard users can scroll a table wider than the screen.
      tabIndex={0}
      // Relative, so the caption's screen-reader-only text is laid out (and clipped) in here.
      className="relative overflow-x-auto rounded-lg border border-ink-100 bg-white dark:border-ink-800 dark:bg-ink-900"
    >
      <table aria-busy={busy} className="w-full border-collapse text-left text-sm">
        <caption
          id={captionId}
          className="px-3 pt-3 pb-2 text-left text-sm text-ink-600 dark:text-ink-300"
        >
          {caption}
          {sorted ? (
            <span className="sr-only">
              , sorted by {sorted.header}, {ARIA_SORT[sort.direction]}
            </span>
          ) : null}
        </caption>
        <thead className="border-y border-ink-100 bg-ink-50 dark:border-ink-800 dark:bg-ink-950/60">
          <tr>
            {columns.map((column) => {
              const active = column.sortKey !== undefined && column.sortKey === sort.key
              const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? ARIA_SORT[sort.direction] : undefined}
                  className={cn(
                    'px-3 py-2 font-semibold whitespace-nowrap text-ink-700 dark:text-ink-200',
                    column.className,
                  )}
                >
                  {column.sortKey === undefined || onSort === undefined ? (
                    column.header
                  ) : (
                    <SortButton
                      onClick={() => onSort(column.sortKey ?? column.key)}
                      active={active}
                    >
                      {column.header}
                      <Icon aria-hidden className="size-3.5 shrink-0" />
                    </SortButton>
                  )}
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className={cn(busy && 'opacity-60 transition-opacity')}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-10 text-center">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                className="border-b border-ink-100 last:border-b-0 hover:bg-ink-50/60 dark:border-ink-800 dark:hover:bg-ink-800/40"
              >
                {columns.map((column) => (
                  <td key={column.key} className={cn('px-3 py-2 align-top', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

function SortButton({
  active,
  onClick,
  children,
}: {
  active: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-ink-100 dark:hover:bg-ink-800',
        active ? 'text-ink-900 dark:text-white' : 'text-ink-600 dark:text-ink-300',
      )}
    >
      {children}
    </button>
  )
}
