import { useEffect, useRef, useState } from 'react'
import { cn } from './cn'
import { type CharacterCount, characterCount } from './character-count'

/** How long typing must pause before the count left is said again. */
export const ANNOUNCE_PAUSE_MS = 1_000

type CharacterCounterProps = { id: string; length: number; limit: number }

/**
 * The visible count, tied to its field by `id`, and a polite live region that
 * speaks it when the text crosses into "left" or "over", or once typing pauses,
 * so a screen reader is not interrupted on every keystroke.
 */
export function CharacterCounter({ id, length, limit }: CharacterCounterProps) {
  const count = characterCount(length, limit)
  const spoken = useSpokenCount(count)
  return (
    <>
      {count.band === 'quiet' ? null : (
        // Hidden from reading in turn, since the live region below says it; the field's description still reads it.
        <p
          id={id}
          aria-hidden
          className={cn(
            'text-sm',
            count.band === 'over'
              ? 'font-medium text-red-700 dark:text-red-300'
              : 'text-ink-500 dark:text-ink-300',
          )}
        >
          {count.text}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {spoken}
      </p>
    </>
  )
}

function useSpokenCount(count: CharacterCount) {
  const [spoken, setSpoken] = useState('')
  const lastBand = useRef(count.band)
  // A timer is the one way to wait for a pause in typing; a crossing is said at once.
  useEffect(() => {
    const crossed = count.band !== lastBand.current
    lastBand.current = count.band
    if (crossed) {
      setSpoken(count.text)
      return undefined
    }
    const timer = window.setTimeout(() => setSpoken(count.text), ANNOUNCE_PAUSE_MS)
    return () => window.clearTimeout(timer)
  }, [count.band, count.text])
  return spoken
}
