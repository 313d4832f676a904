import type { AdminLetterRow, AdminSubscriptionRow } from '@/data/admin-repository'
import { formatCents } from '@/domain/money'
import { findPlan } from '@/domain/plans'
import type { LetterStatus } from '@/domain/types'
import { Badge } from '@/ui/badge'
import type { AdminTableConfig } from './admin-table'
import { createdColumn, Maybe, NOWRAP, NUMERIC } from './cells'

const STATUS_LABEL: Record<LetterStatus, string> = {
  completed: 'Ready',
  generating: 'Generating...',
  failed: 'Failed',
}

export const LETTERS_TABLE: AdminTableConfig<AdminLetterRow> = {
  tab: 'letters',
  title: 'Letters',
  read: (repository, query) => repository.admin.letters(query),
  rowKey: (row) => row.id,
  empty: 'No letters have been generated yet.',
  columns: [
    {
      key: 'matter',
      header: 'Matter',
      sortKey: 'matter',
      cell: (row) => row.matter,
      className: 'min-w-48 wrap-anywhere',
    },
    { key: 'type', header: 'Type', sortKey: 'type', cell: (row) => row.type, className: NOWRAP },
    // Names and e-mails wrap, so at 1280 px every column fits without scrolling.
    { key: 'sender', header: 'Sender', cell: (row) => row.senderName, className: 'min-w-28' },
    {
      key: 'recipient',
      header: 'Recipient',
      sortKey: 'recipientName',
      cell: (row) => row.recipientName,
      className: 'min-w-28',
    },
    {
      key: 'owner',
      header: 'Account',
      cell: (row) => <Maybe value={row.ownerEmail} missing="Account deleted" />,
      className: 'min-w-40 wrap-anywhere',
    },
    {
      key: 'status',
      header: 'Status',
      sortKey: 'status',
      cell: (row) => (
        <Badge tone={row.status === 'completed' ? 'accent' : 'neutral'}>
          {STATUS_LABEL[row.status]}
        </Badge>
      ),
      className: NOWRAP,
    },
    createdColumn<AdminLetterRow>('created', 'Created'),
  ],
}

/** The plan's name in the catalogue, or its id when the catalogue no longer has it. */
export const planName = (row: Pick<AdminSubscriptionRow, 'plan'>) =>
  findPlan(row.plan)?.name ?? row.plan

/** `$59.80 (20%)`: the discount in money and as the percent it was. */
export function discountLabel(
  row: Pick<AdminSubscriptionRow, 'discountCents' | 'discountPercent'>,
) {
  if (row.discountCents === 0) return 'None'
  return `${formatCents(row.discountCents)} (${row.discountPercent}%)`
}

export const SUBSCRIPTIONS_TABLE: AdminTableConfig<AdminSubscriptionRow> = {
  tab: 'subscriptions',
  title: 'Subscriptions',
  read: (repository, query) => repository.admin.subscriptions(query),
  rowKey: (row) => row.id,
  empty: 'No plans have been bought yet.',
  columns: [
    {
      key: 'plan',
      header: 'Plan',
      sortKey: 'plan',
      cell: planName,
      className: NOWRAP,
    },
    {
      key: 'buyer',
      header: 'Buyer',
      cell: (row) => <Maybe value={row.buyerEmail} missing="Account deleted" />,
      className: NOWRAP,
    },
    {
      key: 'price',
      header: 'Price',
      sortKey: 'priceCents',
      cell: (row) => formatCents(row.priceCents),
      className: NUMERIC,
    },
    { key: 'discount', header: 'Discount', cell: discountLabel, className: NUMERIC },
    {
      key: 'coupon',
      header: 'Coupon Code',
      cell: (row) => (
        <span className="font-mono tracking-wider">
          <Maybe value={row.couponCode} missing="No coupon" />
        </span>
      ),
      className: NOWRAP,
    },
    createdColumn<AdminSubscriptionRow>('date', 'Date'),
  ],
}
