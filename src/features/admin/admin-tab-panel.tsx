import type { AdminTab } from '@/data/admin-repository'
import { LETTERS_TABLE, SUBSCRIPTIONS_TABLE } from './activity-tables'
import type { AdminSearch } from './admin-search'
import { AdminTable } from './admin-table'
import { ERRORS_TABLE, MESSAGES_TABLE } from './inbox-tables'
import { EMPLOYEES_TABLE, USERS_TABLE } from './people-tables'

type AdminTabPanelProps = {
  tab: AdminTab
  search: AdminSearch
  onSearchChange: (next: AdminSearch) => void
}

/** The table for `tab`; a switch keeps each table's row type its own. */
export function AdminTabPanel({ tab, ...props }: AdminTabPanelProps) {
  switch (tab) {
    case 'users':
      return <AdminTable config={USERS_TABLE} {...props} />
    case 'employees':
      return <AdminTable config={EMPLOYEES_TABLE} {...props} />
    case 'letters':
      return <AdminTable config={LETTERS_TABLE} {...props} />
    case 'subscriptions':
      return <AdminTable config={SUBSCRIPTIONS_TABLE} {...props} />
    case 'messages':
      return <AdminTable config={MESSAGES_TABLE} {...props} />
    case 'errors':
      return <AdminTable config={ERRORS_TABLE} {...props} />
  }
}
