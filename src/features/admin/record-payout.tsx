import { Banknote } from 'lucide-react'
import { useState } from 'react'
import { messageFor } from '@/domain/errors'
import { REFUND_WINDOW_DAYS } from '@/domain/money'
import type { PayoutAnswer } from '@/domain/money-api'
import { Button } from '@/ui/button'
import { ConfirmDialog } from '@/ui/confirm-dialog'
import { FormAlert } from '@/ui/form-alert'
import { PayoutSummary } from './payout-summary'
import { useRecordPayout } from './use-server-admin'

/**
 * Records a payout (server mode): every approved commission is marked paid,
 * and what to pay each employee is shown, with its CSV. The money itself is
 * sent outside Letterhead.
 */
export function RecordPayout() {
  const payout = useRecordPayout()
  const [asking, setAsking] = useState(false)
  const [recorded, setRecorded] = useState<PayoutAnswer | null>(null)

  async function confirm() {
    try {
      setRecorded(await payout.mutateAsync())
      setAsking(false)
    } catch {
      // The dialog stays open and says why, from `payout.error`.
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          variant="secondary"
          disabled={payout.isPending}
          onClick={() => {
            payout.reset()
            setAsking(true)
          }}
        >
          <Banknote aria-hidden className="size-4" />
          Record Payout
        </Button>
        <p className="text-sm text-ink-500 dark:text-ink-300">
          Pays every commission past its {REFUND_WINDOW_DAYS}-day refund window.
        </p>
      </div>
      {asking ? (
        <ConfirmDialog
          title="Record a payout?"
          confirmLabel="Record Payout"
          busy={payout.isPending}
          busyLabel="Recording…"
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          <p>
            Every approved commission (one whose sale is more than {REFUND_WINDOW_DAYS} days old and
            was not refunded) is marked paid, and you get what to pay each employee, with a CSV.
          </p>
          <p className="mt-2">
            Send the money yourself from that list. A commission marked paid is not paid again.
          </p>
          {payout.isError ? (
            <div className="mt-3">
              <FormAlert message={messageFor(payout.error, 'SERVER_ERROR')} />
            </div>
          ) : null}
        </ConfirmDialog>
      ) : null}
      {recorded ? <PayoutSummary payout={recorded} /> : null}
    </div>
  )
}
