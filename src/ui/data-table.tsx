import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { cn } from './cn'
import { EdgeFades } from './edge-fades'
import { useScrollEdges } from './scroll-edges'

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
 * pattern).
 *
 * From 640 px up it is a table; when its columns do not fit it scrolls
 * sideways inside its own frame, with a visible scrollbar and a shadow at
 * each edge that hides more, so a column is never lost without a sign.
 *
 * Below 640 px each row is a card and each cell carries its column's name.
 * It stays one `<table>` restyled by CSS rather than a second list of cards:
 * screen readers keep row and column navigation with the real headers, and
 * the cells' buttons and links exist once. The explicit roles keep those
 * semantics in browsers that drop them once a table's display changes. The
 * label is drawn by CSS from `data-label` with empty alternative text, so
 * screen readers, which already announce the header, do not read it twice,
 * and the cell's text stays its value.
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
  const { ref, edges } = useScrollEdges<HTMLDivElement>()
  const sorted = columns.find((column) => column.sortKey === sort.key)
  const sortable = onSort !== undefined && columns.some((column) => column.sortKey !== undefined)
  return (
    <div className="relative rounded-lg border border-ink-100 bg-white dark:border-ink-800 dark:bg-ink-900">
      <div
        ref={ref}
        role="region"
        aria-labelledby={captionId}
        // Focusable so keyboard users can scroll a table wider than the screen.
        tabIndex={0}
        // Relative, so the caption's screen-reader-only text is laid out (and clipped) in here.
        className="scroll-frame relative overflow-x-auto rounded-lg"
      >
        <table
          role="table"
          aria-labelledby={captionId}
          aria-busy={busy}
          className="w-full border-collapse text-left text-sm max-sm:block"
        >
          <caption
            id={captionId}
            className="px-3 pt-3 pb-2 text-left text-sm text-ink-600 max-sm:block dark:text-ink-300"
          >
            {caption}
            {sorted ? (
              <span className="sr-only">
                , sorted by {sorted.header}, {ARIA_SORT[sort.direction]}
              </span>
            ) : null}
          </caption>
          <thead
            role="rowgroup"
            className={cn(
              'border-y border-ink-100 bg-ink-50 max-sm:block dark:border-ink-800 dark:bg-ink-950/60',
              // On a phone the headers live on as each cell's label; only sort buttons stay in view.
              !sortable && 'max-sm:sr-only',
            )}
          >
            <tr role="row" className="max-sm:flex max-sm:flex-wrap max-sm:gap-x-3 max-sm:px-3">
              {columns.map((column) => {
                const active = column.sortKey !== undefined && column.sortKey === sort.key
                const Icon = active ? (sort.direction === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown
                const button = column.sortKey !== undefined && onSort !== undefined
                return (
                  <th
                    key={column.key}
                    role="columnheader"
                    scope="col"
                    aria-sort={active ? ARIA_SORT[sort.direction] : undefined}
                    className={cn(
                      'px-3 py-2 font-semibold whitespace-nowrap text-ink-700 dark:text-ink-200',
                      column.className,
                      button ? 'max-sm:block max-sm:px-0' : 'max-sm:sr-only',
                    )}
                  >
                    {button ? (
                      <SortButton
                        onClick={() => onSort(column.sortKey ?? column.key)}
                        active={active}
                      >
                        {column.header}
                        <Icon aria-hidden className="size-3.5 shrink-0" />
                      </SortButton>
                    ) : (
                      column.header
                    )}
                  </th>
                )
              })}
            </tr>
          </thead>
          <tbody
            role="rowgroup"
            className={cn('max-sm:block', busy && 'opacity-60 transition-opacity')}
          >
            {rows.length === 0 ? (
              <tr role="row" className="max-sm:block">
                <td
                  role="cell"
                  colSpan={columns.length}
                  className="px-3 py-10 text-center max-sm:block"
                >
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  role="row"
                  className="border-b border-ink-100 last:border-b-0 hover:bg-ink-50/60 max-sm:block max-sm:px-3 max-sm:py-2 dark:border-ink-800 dark:hover:bg-ink-800/40"
                >
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      role="cell"
                      data-label={column.header}
                      className={cn(
                        'px-3 py-2 align-top',
                        column.className,
                        // A card's line: the column's name, then the value, which may wrap.
                        'max-sm:cell-label max-sm:grid max-sm:grid-cols-[minmax(6rem,40%)_1fr] max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-left max-sm:whitespace-normal',
                      )}
                    >
                      <span className="min-w-0 max-sm:wrap-anywhere">{column.cell(row)}</span>
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <EdgeFades edges={edges} className="rounded-lg" />
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
