import type { AdminRows, AdminTab } from '@/data/admin-repository'
import { LETTERS_TABLE, SUBSCRIPTIONS_TABLE } from './activity-tables'
import type { AdminTableConfig } from './admin-table'
import { ERRORS_TABLE, MESSAGES_TABLE } from './inbox-tables'
import { EMPLOYEES_TABLE, USERS_TABLE } from './people-tables'
import { refundColumn } from './refund-column'

/**
 * Each tab's table in server mode, typed by its tab, so a generic reader
 * keeps the rows' type. Purchases end with their refund, which only the
 * server can make.
 */
export const ADMIN_TABLE_CONFIGS: { [T in AdminTab]: AdminTableConfig<AdminRows[T]> } = {
  users: USERS_TABLE,
  employees: EMPLOYEES_TABLE,
  letters: LETTERS_TABLE,
  subscriptions: {
    ...SUBSCRIPTIONS_TABLE,
    columns: [...SUBSCRIPTIONS_TABLE.columns, refundColumn],
  },
  messages: MESSAGES_TABLE,
  errors: ERRORS_TABLE,
}
