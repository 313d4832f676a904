import { type ReactNode, useEffect, useId, useRef } from 'react'

type ModalDialogProps = {
  title: string
  /** Escape, or anything else that closes the dialog without an answer. */
  onCancel: () => void
  children: ReactNode
}

/** A modal with the native dialog: focus stays inside, the page behind is inert, Escape cancels. */
export function ModalDialog({ title, onCancel, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onCancel}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-ink-900 shadow-2xl backdrop:bg-ink-950/60 dark:bg-ink-900 dark:text-ink-50"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </dialog>
  )
}
