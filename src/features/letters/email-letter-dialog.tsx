import { Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { Letter } from '@/domain/types'
import { Button, buttonClass } from '@/ui/button'
import { mailtoLink } from './export/deliver'

type EmailLetterDialogProps = { letter: Letter; onClose: () => void }

/** Where the browser cannot share files: an e-mail draft, or the text to paste anywhere. */
export function EmailLetterDialog({ letter, onClose }: EmailLetterDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    element?.showModal()
    return () => element?.close()
  }, [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(letter.content)
      toast.success('Letter text copied to clipboard!')
    } catch {
      toast.error('The text could not be copied. Select it in the letter view instead.')
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="email-letter-title"
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl bg-white p-6 text-ink-900 shadow-2xl backdrop:bg-ink-950/60 dark:bg-ink-900 dark:text-ink-50"
    >
      <h2 id="email-letter-title" className="text-xl font-semibold">
        Share or Email
      </h2>
      <p className="mt-2 text-sm text-ink-600 dark:text-ink-300">
        This browser cannot share files directly. Open an e-mail draft with the letter, or copy its
        text.
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        <a href={mailtoLink(letter)} className={buttonClass('primary')} onClick={onClose}>
          <Mail aria-hidden className="size-4" />
          Open Email Draft
        </a>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy Text
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
    </dialog>
  )
}
