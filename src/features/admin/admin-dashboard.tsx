import { ADMIN_TABS, type AdminTab } from '@/data/admin-repository'
import { TabList, tabPanelProps } from '@/ui/tabs'
import type { AdminSearch } from './admin-search'
import { AdminStats } from './admin-stats'
import { AdminTabPanel } from './admin-tab-panel'
import { SeedDemoButton } from './seed-demo-button'

const TAB_LABEL: Record<AdminTab, string> = {
  users: 'Users',
  employees: 'Employees',
  letters: 'Letters',
  subscriptions: 'Subscriptions',
  messages: 'Messages',
  errors: 'Errors',
}
const TABS = ADMIN_TABS.map((key) => ({ key, label: TAB_LABEL[key] }))

type AdminDashboardProps = {
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

/** Totals and read-only tables for admins; what is shown lives in `search` (the URL). */
export function AdminDashboard({ search, onSearchChange }: AdminDashboardProps) {
  const tab = search.tab ?? 'users'
  return (
    <section aria-labelledby="admin-dashboard-heading" className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="admin-dashboard-heading" className="text-2xl font-semibold">
          Admin Dashboard
        </h2>
        {import.meta.env.DEV ? <SeedDemoButton /> : null}
      </div>
      <AdminStats />
      {/* Six tabs do not fit a phone's width: the strip scrolls instead of the page. */}
      <div className="-mx-1 overflow-x-auto px-1 pb-1">
        <div className="min-w-max">
          <TabList
            label="Admin tables"
            items={TABS}
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
        <AdminTabPanel key={tab} tab={tab} search={search} onSearchChange={onSearchChange} />
      </div>
    </section>
  )
}
