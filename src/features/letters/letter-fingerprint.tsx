import { useEffect, useState } from 'react'
import { groupedFingerprint, letterFingerprint } from '@/domain/fingerprint'
import { CopyButton } from '@/ui/copy-button'

/** The SHA-256 of `content`, or null while it is being computed for the current text. */
function useFingerprint(content: string): string | null {
  const [computed, setComputed] = useState<{ content: string; hex: string } | null>(null)
  useEffect(() => {
    let current = true
    void letterFingerprint(content).then((hex) => {
      if (current) setComputed({ content, hex })
    })
    return () => {
      current = false
    }
  }, [content])
  // An edit makes the old fingerprint wrong at once, not after the new one is ready.
  return computed?.content === content ? computed.hex : null
}

export function LetterFingerprint({ content }: { content: string }) {
  const hex = useFingerprint(content)

  return (
    <section aria-labelledby="fingerprint-heading" className="flex flex-col gap-2">
      <h2 id="fingerprint-heading" className="text-lg font-semibold">
        Fingerprint (SHA-256)
      </h2>
      <p className="text-sm text-ink-600 dark:text-ink-300">
        The SHA-256 of this letter&rsquo;s text, printed in the PDF&rsquo;s footer, so you can later
        show what was sent.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <code className="rounded bg-ink-50 px-2 py-1 font-mono text-sm text-ink-800 dark:bg-ink-900 dark:text-ink-100">
          {hex ? groupedFingerprint(hex) : 'Computing…'}
        </code>
        <CopyButton
          text={hex}
          label="Copy Fingerprint"
          copiedMessage="Fingerprint copied to clipboard!"
          failedMessage="The fingerprint could not be copied. Select it and copy it by hand."
        />
      </div>
    </section>
  )
}
