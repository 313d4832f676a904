import { useState } from 'react'
import { toast } from 'sonner'
import type { AdminSubscriptionRow } from '@/data/admin-repository'
import { messageFor } from '@/domain/errors'
import { formatCents } from '@/domain/money'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import type { Column } from '@/ui/data-table'
import { FormAlert } from '@/ui/form-alert'
import { planName } from './activity-tables'
import { refundSummary } from './refund-summary'
import { useRefundPurchase } from './use-server-admin'

/**
 * Refunds one purchase, after saying what that does. The button goes once the
 * purchase reads as refunded, so a second refund is never offered (the server
 * would answer the first one anyway).
 */
function RefundButton({ row }: { row: AdminSubscriptionRow }) {
  const refund = useRefundPurchase()
  const [asking, setAsking] = useState(false)
  const plan = planName(row)
  const buyer = row.buyerEmail ?? 'a deleted account'
  const price = formatCents(row.priceCents)

  async function confirm() {
    try {
      const answer = await refund.mutateAsync(row.id)
      setAsking(false)
      toast.success(refundSummary(answer))
    } catch {
      // The dialog stays open and says why, from `refund.error`.
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        className="min-h-8 px-3 py-1"
        disabled={refund.isPending}
        onClick={() => {
          refund.reset()
          setAsking(true)
        }}
      >
        Refund <span className="sr-only">{`${plan} for ${buyer}`}</span>
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Refund this purchase?"
          confirmLabel={`Refund ${price}`}
          busy={refund.isPending}
          busyLabel="Refunding…"
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          <p>
            {plan} for {buyer}, {price}.
          </p>
          <ul className="mt-2 list-disc pl-5">
            <li>{price} goes back to the card it was paid with.</li>
            <li>The letters of this purchase not yet used are withdrawn from the buyer.</li>
            <li>
              {row.couponCode === null
                ? 'No coupon was used, so no commission is affected.'
                : "The employee's commission is voided, or taken back if it has already been paid."}
            </li>
          </ul>
          <p className="mt-2">This cannot be undone.</p>
          {refund.isError ? (
            <div className="mt-3">
              <FormAlert message={messageFor(refund.error, 'SERVER_ERROR')} />
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  )
}

/** Server mode's last column of purchases: refunded, or a way to refund. */
export const refundColumn: Column<AdminSubscriptionRow> = {
  key: 'refund',
  header: 'Refund',
  // Not kept from wrapping: the dialog opened from a cell would inherit it.
  cell: (row) => (row.refundedAt ? <Badge>Refunded</Badge> : <RefundButton row={row} />),
}
