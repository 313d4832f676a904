import type { AdminTab } from '@/data/admin-repository'
import { QueryProvider } from '@/data/query-client'
import type { AdminSearch } from './admin-search'
import { AdminStatCards } from './admin-stats'
import { EarlierPayouts } from './earlier-payouts'
import { KeysetAdminTable } from './keyset-admin-table'
import { RecordPayout } from './record-payout'
import { useServerAdminStats } from './use-server-admin'

/**
 * The admin dashboard's server-mode parts, loaded only in server mode: the
 * query client comes with them, never with device-only mode's dashboard.
 * AI Usage is one of them, so the two share one chunk.
 */
export { AiUsagePanel } from './ai-usage-panel'

function ServerStatCards() {
  const stats = useServerAdminStats()
  return <AdminStatCards totals={stats.data} failed={stats.isError} />
}

export function ServerAdminStats() {
  return (
    <QueryProvider>
      <ServerStatCards />
    </QueryProvider>
  )
}

type ServerAdminPanelProps = {
  tab: AdminTab
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

/** One tab read from the server; the employees' tab also records payouts and lists earlier ones. */
export function ServerAdminPanel(props: ServerAdminPanelProps) {
  return (
    <QueryProvider>
      <div className="flex flex-col gap-4">
        {props.tab === 'employees' ? (
          <>
            <RecordPayout />
            <EarlierPayouts />
          </>
        ) : null}
        <KeysetAdminTable {...props} />
      </div>
    </QueryProvider>
  )
}
