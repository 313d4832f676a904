import type { ReactNode } from 'react'
import { ADMIN_SEARCH_MAX } from '@/data/admin-repository'
import { Button } from '@/ui/button'
import { DataTable, type TableSort } from '@/ui/data-table'
import { SearchBox } from '@/ui/search-box'
import type { AdminTableConfig } from './admin-table'

type AdminTableFrameProps<Row> = {
  config: Pick<AdminTableConfig<Row>, 'title' | 'columns' | 'rowKey' | 'empty'>
  /** The search in effect, and how a new one is asked for (after a pause in typing). */
  q: string
  onSearch: (q: string) => void
  /** More controls beside the search box. */
  filters?: ReactNode
  /** Why the rows could not be read, when they could not. */
  error?: string | undefined
  onRetry?: () => void
  /** The rows on screen and the search that found them; undefined until the first read. */
  shown: { rows: readonly Row[]; q: string } | undefined
  /** True while newer rows are on their way; the ones shown stay meanwhile. */
  busy: boolean
  sort: TableSort
  onSort?: (key: string) => void
  /** The way to other pages, under the rows. */
  pager: ReactNode
}

/**
 * One admin tab as both modes show it: a search box and filters, the rows
 * (kept on screen while the next ones load, so the table does not blink
 * empty), and the pages around them.
 */
export function AdminTableFrame<Row>({
  config,
  q,
  onSearch,
  filters,
  error,
  onRetry,
  shown,
  busy,
  sort,
  onSort,
  pager,
}: AdminTableFrameProps<Row>) {
  const { title } = config
  const noun = title.toLowerCase()
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <div className="w-full sm:max-w-sm">
          <SearchBox
            label={`Search ${noun}`}
            value={q}
            limit={ADMIN_SEARCH_MAX}
            onSearch={onSearch}
          />
        </div>
        {filters}
      </div>
      {error !== undefined ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {error}
          </p>
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              Try Again
            </Button>
          ) : null}
        </div>
      ) : null}
      {shown === undefined ? (
        error === undefined ? (
          <p className="text-sm text-ink-500 dark:text-ink-300">Loading {noun}…</p>
        ) : null
      ) : (
        <>
          <DataTable
            caption={shown.q ? `${title} matching “${shown.q}”` : title}
            columns={config.columns}
            rows={shown.rows}
            rowKey={config.rowKey}
            sort={sort}
            onSort={onSort}
            busy={busy}
            empty={
              <p className="text-ink-600 dark:text-ink-300">
                {shown.q ? `No ${noun} match “${shown.q}”.` : config.empty}
              </p>
            }
          />
          {pager}
        </>
      )}
    </div>
  )
}
