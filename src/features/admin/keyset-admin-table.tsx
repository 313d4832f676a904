import { Download } from 'lucide-react'
import { useState } from 'react'
import { adminCsvHref } from '@/data/admin-links'
import type { AdminTab } from '@/data/admin-repository'
import { messageFor } from '@/domain/errors'
import { buttonClass } from '@/ui/button'
import { Pager, rowsShown } from '@/ui/pagination'
import type { AdminSearch } from './admin-search'
import { ADMIN_PAGE_SIZE } from './admin-table'
import { ADMIN_TABLE_CONFIGS } from './admin-table-configs'
import { AdminTableFrame } from './admin-table-frame'
import { DateRangeFields } from './date-range-fields'
import { localDayRange } from './local-days'
import { useServerAdminPage } from './use-server-admin'

type KeysetAdminTableProps<T extends AdminTab> = {
  tab: T
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

/** Keyset pages are read newest first; that is the only order the server gives. */
const NEWEST_FIRST = { key: 'createdAt', direction: 'desc' } as const

/**
 * One admin tab in server mode: the search and the date range live in the
 * URL; the pages walked are a stack of the cursors that led to them, since a
 * keyset page is reached only from the one before it (decision 027).
 */
export function KeysetAdminTable<T extends AdminTab>({
  tab,
  search,
  onSearchChange,
}: KeysetAdminTableProps<T>) {
  const config = ADMIN_TABLE_CONFIGS[tab]
  const q = search.q?.trim() ?? ''
  const range = localDayRange(search.from, search.to)
  const filters = { q: q || undefined, ...range }
  const filtersKey = JSON.stringify(filters)
  const [walk, setWalk] = useState({ filtersKey, cursors: [] as string[] })
  // Another search or range starts again from the first page.
  const cursors = walk.filtersKey === filtersKey ? walk.cursors : []
  const query = { ...filters, limit: ADMIN_PAGE_SIZE, cursor: cursors.at(-1) }
  const read = useServerAdminPage(tab, query, cursors.length)
  const shown = read.data
  // While the next page loads the last one stays, and Next and Previous wait for it.
  const settled = shown !== undefined && !read.isPlaceholderData
  const next = shown?.page.cursor ?? null

  const setFilters = (changed: Partial<AdminSearch>) =>
    onSearchChange({ ...search, tab, page: undefined, ...changed })

  return (
    <AdminTableFrame
      config={config}
      q={q}
      onSearch={(typed) => setFilters({ q: typed.trim() || undefined })}
      filters={
        <>
          <DateRangeFields
            value={{ from: search.from, to: search.to }}
            onChange={({ from, to }) => setFilters({ from, to })}
          />
          <a
            href={adminCsvHref(tab, filters)}
            download
            className={buttonClass('secondary', 'self-start sm:ml-auto sm:self-end')}
          >
            <Download aria-hidden className="size-4" />
            Export CSV
          </a>
        </>
      }
      error={read.isError ? messageFor(read.error, 'SERVER_ERROR') : undefined}
      onRetry={() => void read.refetch()}
      shown={shown && { rows: shown.page.rows, q: shown.query.q ?? '' }}
      busy={read.isPlaceholderData}
      sort={NEWEST_FIRST}
      pager={
        shown ? (
          <Pager
            label={`${config.title} pages`}
            status={rowsShown(shown.depth * ADMIN_PAGE_SIZE + 1, shown.page.rows.length)}
            canGoBack={settled && cursors.length > 0}
            canGoForward={settled && next !== null}
            onBack={() => setWalk({ filtersKey, cursors: cursors.slice(0, -1) })}
            onForward={() => {
              if (next !== null) setWalk({ filtersKey, cursors: [...cursors, next] })
            }}
          />
        ) : null
      }
    />
  )
}
