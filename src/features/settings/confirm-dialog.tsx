import type { ReactNode } from 'react'
import { Button } from '@/ui/button'
import { ModalDialog } from '@/ui/modal-dialog'

type ConfirmDialogProps = {
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
}

/** A yes-or-no question in a modal dialog. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} onCancel={onCancel}>
      <div className="mt-2 text-sm text-ink-600 dark:text-ink-300">{children}</div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm}>{confirmLabel}</Button>
      </div>
    </ModalDialog>
  )
}
