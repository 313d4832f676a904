import {
  ADMIN_SEARCH_MAX,
  type AdminPage,
  type AdminQuery,
  type AdminTab,
} from '@/data/admin-repository'
import type { Repository } from '@/data/repository'
import { type Column, DataTable } from '@/ui/data-table'
import { Pagination } from '@/ui/pagination'
import { SearchBox } from '@/ui/search-box'
import { type AdminSearch, resolveView, sortSearch } from './admin-search'
import { useSteadyLive } from './use-steady-live'

export const ADMIN_PAGE_SIZE = 25

export type AdminTableConfig<Row> = {
  tab: AdminTab
  /** The tab's name, e.g. "Users": the caption, and lower-cased in "Search users". */
  title: string
  columns: readonly Column<Row>[]
  read: (repository: Repository, query: AdminQuery) => Promise<AdminPage<Row>>
  rowKey: (row: Row) => string
  /** What an empty table says when nothing is searched for. */
  empty: string
}

type AdminTableProps<Row> = {
  config: AdminTableConfig<Row>
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

/** One admin tab: a search box, a page of rows read live, and the pages around it. */
export function AdminTable<Row>({ config, search, onSearchChange }: AdminTableProps<Row>) {
  const { tab, title } = config
  const noun = title.toLowerCase()
  const view = resolveView(tab, search)
  const query: AdminQuery = {
    page: view.page,
    pageSize: ADMIN_PAGE_SIZE,
    sort: view.sort,
    direction: view.direction,
    search: view.q,
  }
  // The rows come back with the query that read them, so the page number,
  // sort arrows and caption always describe the rows on screen.
  const live = useSteadyLive(
    async (repository) => ({ query, page: await config.read(repository, query) }),
    `admin:${tab}:${JSON.stringify(query)}`,
  )
  const shown = live.data

  return (
    <div className="flex flex-col gap-4">
      <div className="w-full sm:max-w-sm">
        <SearchBox
          label={`Search ${noun}`}
          value={view.q}
          maxLength={ADMIN_SEARCH_MAX}
          // A new search starts again from its first page.
          onSearch={(q) =>
            onSearchChange({ ...search, tab, q: q.trim() || undefined, page: undefined })
          }
        />
      </div>
      {live.error !== undefined ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          The {noun} could not be read. Please reload the page.
        </p>
      ) : null}
      {shown === undefined ? (
        live.error === undefined ? (
          <p className="text-sm text-ink-500 dark:text-ink-300">Loading {noun}…</p>
        ) : null
      ) : (
        <>
          <DataTable
            caption={shown.query.search ? `${title} matching “${shown.query.search}”` : title}
            columns={config.columns}
            rows={shown.page.rows}
            rowKey={config.rowKey}
            sort={{ key: shown.query.sort, direction: shown.query.direction }}
            onSort={(key) => onSearchChange(sortSearch(tab, search, key))}
            busy={live.stale}
            empty={
              <p className="text-ink-600 dark:text-ink-300">
                {shown.query.search ? `No ${noun} match “${shown.query.search}”.` : config.empty}
              </p>
            }
          />
          <Pagination
            label={`${title} pages`}
            page={shown.query.page}
            pageSize={ADMIN_PAGE_SIZE}
            total={shown.page.total}
            onPageChange={(page) => onSearchChange({ ...search, tab, page })}
          />
        </>
      )}
    </div>
  )
}
