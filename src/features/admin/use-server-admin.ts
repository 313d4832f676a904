import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AdminTab } from '@/data/admin-repository'
import { useRepository } from '@/data/repository-context'
import type { AdminPageQuery } from '@/domain/admin-api'

/** The admin's view is everyone's data and the same for every admin: one key for the tab. */
const ADMIN_KEY = 'admin-server'

/** The totals on the server, read when the dashboard opens and again when stale. */
export function useServerAdminStats() {
  const repository = useRepository()
  return useQuery({
    queryKey: [ADMIN_KEY, 'stats'],
    queryFn: () => repository.serverAdmin.stats(),
  })
}

/**
 * One keyset page of `tab`, `depth` pages from the first. The answer carries
 * the query that read it, and the last page stays on screen while the next
 * one loads, so what is shown is always described by the query beside it,
 * never by the one on its way.
 */
export function useServerAdminPage<T extends AdminTab>(
  tab: T,
  query: AdminPageQuery,
  depth: number,
) {
  const repository = useRepository()
  return useQuery({
    // The cursor names the page; its depth follows from it.
    queryKey: [ADMIN_KEY, tab, query],
    queryFn: async () => ({ query, depth, page: await repository.serverAdmin.page(tab, query) }),
    placeholderData: keepPreviousData,
  })
}
