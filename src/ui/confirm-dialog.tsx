import type { ReactNode } from 'react'
import { Button } from './button'
import { ModalDialog } from './modal-dialog'

type ConfirmDialogProps = {
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  /** While the answer is being acted on: the confirm button waits, saying so with `busyLabel`. */
  busy?: boolean
  busyLabel?: string
}

/** A yes-or-no question in a modal dialog. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  busyLabel = confirmLabel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onCancel={onCancel}>
      <div className="mt-2 text-sm text-ink-600 dark:text-ink-300">{children}</div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  )
}
