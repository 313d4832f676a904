import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/**
 * What the server's AI cost over the last `days` UTC days. The last period
 * read stays on screen while another loads, as a table's last page does.
 */
export function useServerAiUsage(days: number) {
  const repository = useRepository()
  return useQuery({
    queryKey: [ADMIN_KEY, 'ai-usage', days],
    queryFn: () => repository.serverAdmin.aiUsage(days),
    placeholderData: keepPreviousData,
  })
}

/**
 * After a refund or a payout the totals and every page held are read again,
 * since their rows (a refunded purchase, an employee's earnings) may have
 * changed. The write stays pending until they have been, so its button is
 * not offered again on rows that no longer say so. Not retried: a payout
 * whose answer was lost on the way would, sent again, find nothing left to
 * pay and say so; the failure is shown instead.
 */
function useAdminWriteOptions() {
  const queryClient = useQueryClient()
  return {
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] }),
  } as const
}

export function useRefundPurchase() {
  const repository = useRepository()
  const options = useAdminWriteOptions()
  return useMutation({
    ...options,
    mutationFn: (subscriptionId: string) => repository.serverAdmin.refund(subscriptionId),
  })
}

/** The earlier payouts, read again after a payout like every other admin read. */
export function useEarlierPayouts() {
  const repository = useRepository()
  return useQuery({
    queryKey: [ADMIN_KEY, 'payouts'],
    queryFn: () => repository.serverAdmin.listPayouts(),
  })
}

export function useRecordPayout() {
  const repository = useRepository()
  const options = useAdminWriteOptions()
  return useMutation({ ...options, mutationFn: () => repository.serverAdmin.recordPayout() })
}
