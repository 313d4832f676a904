import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/ui/button'

/** How long the button says Copied. */
export const COPIED_MS = 2000

type CopyButtonProps = {
  /** What goes to the clipboard; the button is disabled while it is not known yet. */
  text: string | null
  label: string
  copiedMessage: string
  failedMessage: string
}

/** Copies `text`, says so for a moment, and tells the person when the browser would not. */
export function CopyButton({ text, label, copiedMessage, failedMessage }: CopyButtonProps) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      toast.success(copiedMessage)
    } catch {
      toast.error(failedMessage)
    }
  }

  return (
    <Button
      variant="secondary"
      disabled={text === null}
      onClick={() => text !== null && void copy(text)}
    >
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Copied' : label}
    </Button>
  )
}
