import { lazy, Suspense } from 'react'
import { ADMIN_TABS } from '@/data/admin-repository'
import { TabList, tabPanelProps } from '@/ui/tabs'
import type { AdminSearch } from './admin-search'
import { AI_USAGE_TAB, type DashboardTab } from './ai-usage-range'
import { AdminStatCards, AdminStats } from './admin-stats'
import { AdminTabPanel } from './admin-tab-panel'
import { SeedDemoButton } from './seed-demo-button'
import { useAdminSource } from './use-admin-source'

const serverView = () => import('./server-admin-view')
const ServerAdminStats = lazy(() =>
  serverView().then((module) => ({ default: module.ServerAdminStats })),
)
const ServerAdminPanel = lazy(() =>
  serverView().then((module) => ({ default: module.ServerAdminPanel })),
)
const AiUsagePanel = lazy(() => serverView().then((module) => ({ default: module.AiUsagePanel })))

const TAB_LABEL: Record<DashboardTab, string> = {
  users: 'Users',
  employees: 'Employees',
  letters: 'Letters',
  subscriptions: 'Subscriptions',
  messages: 'Messages',
  errors: 'Errors',
  [AI_USAGE_TAB]: 'AI Usage',
}
const TABLE_TABS = ADMIN_TABS.map((key) => ({ key, label: TAB_LABEL[key] }))
/** Only the server knows what its AI cost: the tab is offered in server mode alone. */
const SERVER_TABS: ReadonlyArray<{ key: DashboardTab; label: string }> = [
  ...TABLE_TABS,
  { key: AI_USAGE_TAB, label: TAB_LABEL[AI_USAGE_TAB] },
]
/** What the panel says while it loads: `Loading users…`, `Loading AI usage…`. */
const loadingName = (tab: DashboardTab) =>
  tab === AI_USAGE_TAB ? 'AI usage' : TAB_LABEL[tab].toLowerCase()

type AdminDashboardProps = {
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

const MUTED = 'text-sm text-ink-500 dark:text-ink-300'

/**
 * Totals and read-only tables for admins; what is shown lives in `search`
 * (the URL). In server mode they are read from the server, in device-only
 * mode from this device (decision 027); the page around them is the same,
 * drawn at once, so nothing moves when the figures come in.
 */
export function AdminDashboard({ search, onSearchChange }: AdminDashboardProps) {
  const source = useAdminSource()
  // A shared link to AI Usage opens on Users where there is no server to ask.
  const tab = search.tab === AI_USAGE_TAB && source === 'device' ? 'users' : (search.tab ?? 'users')
  const loading = <p className={MUTED}>Loading {loadingName(tab)}…</p>
  return (
    <section aria-labelledby="admin-dashboard-heading" className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="admin-dashboard-heading" className="text-2xl font-semibold">
          Admin Dashboard
        </h2>
        {/* It fills this device's database, which server mode's dashboard does not read. */}
        {import.meta.env.DEV && source === 'device' ? <SeedDemoButton /> : null}
      </div>
      {source === 'server' ? (
        <Suspense fallback={<AdminStatCards totals={undefined} />}>
          <ServerAdminStats />
        </Suspense>
      ) : (
        <AdminStats reading={source === 'device'} />
      )}
      {/* Six or seven tabs do not fit a phone's width: the strip scrolls instead of the page. */}
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <div className="min-w-max">
          <TabList
            label="Admin tables"
            items={source === 'server' ? SERVER_TABS : TABLE_TABS}
            selected={tab}
            // Each table starts on its first page, newest first, unsearched.
            onSelect={(next) => onSearchChange({ tab: next })}
            idPrefix="admin"
          />
        </div>
      </div>
      <div
        {...tabPanelProps('admin', tab)}
        className="min-w-0 rounded-xl border border-ink-100 bg-white/60 p-3 sm:p-5 dark:border-ink-800 dark:bg-ink-900/60"
      >
        {source === 'server' ? (
          <Suspense fallback={loading}>
            {tab === AI_USAGE_TAB ? (
              <AiUsagePanel
                days={search.days}
                onDaysChange={(days) => onSearchChange({ tab, days })}
              />
            ) : (
              <ServerAdminPanel
                key={tab}
                tab={tab}
                search={search}
                onSearchChange={onSearchChange}
              />
            )}
          </Suspense>
        ) : source === 'device' && tab !== AI_USAGE_TAB ? (
          <AdminTabPanel key={tab} tab={tab} search={search} onSearchChange={onSearchChange} />
        ) : source === 'failed' ? (
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            The admin dashboard could not load. Please reload the page.
          </p>
        ) : (
          loading
        )}
      </div>
    </section>
  )
}
