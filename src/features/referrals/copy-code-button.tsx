import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/ui/button'

/** How long the button says Copied. */
export const COPIED_MS = 2000

export function CopyCodeButton({ code }: { code: string }) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_MS)
    return () => clearTimeout(timer)
  }, [copied])

  async function copy() {
    try {
      await navigator.clipboard.writeText(code)
      setCopied(true)
      toast.success('Coupon code copied to clipboard!')
    } catch {
      toast.error('The code could not be copied. Select it and copy it by hand.')
    }
  }

  return (
    <Button variant="secondary" onClick={() => void copy()}>
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? 'Copied' : 'Copy Code'}
    </Button>
  )
}
