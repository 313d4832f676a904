import type { AdminEmployeeRow, AdminUserRow } from '@/data/admin-repository'
import { formatCents } from '@/domain/money'
import type { Column } from '@/ui/data-table'
import type { AdminTableConfig } from './admin-table'
import { createdColumn, NOWRAP, NUMERIC } from './cells'

type Person = { fullName: string; email: string }

/** Who an account is: the first columns of both people tables. */
function whoColumns<Row extends Person>(): Column<Row>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortKey: 'fullName',
      cell: (row) => row.fullName,
      className: NOWRAP,
    },
    {
      key: 'email',
      header: 'Email',
      sortKey: 'email',
      cell: (row) => row.email,
      className: NOWRAP,
    },
  ]
}

export const USERS_TABLE: AdminTableConfig<AdminUserRow> = {
  tab: 'users',
  title: 'Users',
  read: (repository, query) => repository.admin.users(query),
  rowKey: (row) => row.id,
  empty: 'No users have signed up yet.',
  columns: [
    ...whoColumns<AdminUserRow>(),
    { key: 'letters', header: 'Letters', cell: (row) => row.letters, className: NUMERIC },
    createdColumn<AdminUserRow>('joined', 'Joined'),
  ],
}

export const EMPLOYEES_TABLE: AdminTableConfig<AdminEmployeeRow> = {
  tab: 'employees',
  title: 'Employees',
  read: (repository, query) => repository.admin.employees(query),
  rowKey: (row) => row.id,
  empty: 'No employees have signed up yet.',
  columns: [
    ...whoColumns<AdminEmployeeRow>(),
    {
      key: 'coupon',
      header: 'Coupon Code',
      cell: (row) => <code className="font-mono tracking-wider">{row.couponCode}</code>,
      className: NOWRAP,
    },
    {
      key: 'referrals',
      header: 'Referrals',
      sortKey: 'referrals',
      cell: (row) => row.referrals,
      className: NUMERIC,
    },
    {
      key: 'earnings',
      header: 'Earnings',
      sortKey: 'earningsCents',
      cell: (row) => formatCents(row.earningsCents),
      className: NUMERIC,
    },
    createdColumn<AdminEmployeeRow>('joined', 'Joined'),
  ],
}
