import type { AdminPage, AdminQuery, AdminTab } from '@/data/admin-repository'
import type { Repository } from '@/data/repository'
import type { Column } from '@/ui/data-table'
import { Pagination } from '@/ui/pagination'
import { type AdminSearch, resolveView, sortSearch } from './admin-search'
import { AdminTableFrame } from './admin-table-frame'
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
    <AdminTableFrame
      config={config}
      q={view.q}
      // A new search starts again from its first page.
      onSearch={(q) =>
        onSearchChange({ ...search, tab, q: q.trim() || undefined, page: undefined })
      }
      error={
        live.error === undefined
          ? undefined
          : `The ${noun} could not be read. Please reload the page.`
      }
      shown={shown && { rows: shown.page.rows, q: shown.query.search }}
      busy={live.stale}
      sort={
        shown
          ? { key: shown.query.sort, direction: shown.query.direction }
          : { key: view.sort, direction: view.direction }
      }
      onSort={(key) => onSearchChange(sortSearch(tab, search, key))}
      pager={
        shown ? (
          <Pagination
            label={`${title} pages`}
            page={shown.query.page}
            pageSize={ADMIN_PAGE_SIZE}
            total={shown.page.total}
            onPageChange={(page) => onSearchChange({ ...search, tab, page })}
          />
        ) : null
      }
    />
  )
}
