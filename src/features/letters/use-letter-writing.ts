import { useRef, useState } from 'react'
import { useLetterGenerator } from './generator/generator-context'
import type { LetterRequest } from './generator/letter-generator'
import { writeLetter } from './generator/write-letter'

/**
 * A letter being written that the person can watch and stop: the text so far
 * (`draft`), its place in line while an engine that serves many waits for a
 * turn (`queuePosition`), and `cancel`. `begin` starts a writing and hands
 * back its signal; `settle` ends the time Cancel applies (the text is
 * written); `end` clears the draft once the caller is done with it.
 */
export function useLetterWriting() {
  const engine = useLetterGenerator()
  const [draft, setDraft] = useState('')
  const [queuePosition, setQueuePosition] = useState<number | null>(null)
  const current = useRef<AbortController | null>(null)

  function begin() {
    const controller = new AbortController()
    current.current = controller
    const { signal } = controller
    /** `letterId` names the stored letter, for an engine that writes it from its saved answers. */
    const write = (request: LetterRequest, letterId?: string) =>
      writeLetter(engine, request, {
        date: new Date(),
        signal,
        onText: setDraft,
        onQueue: setQueuePosition,
        ...(letterId === undefined ? {} : { letterId }),
      }).finally(() => setQueuePosition(null))
    return { signal, write }
  }

  const settle = () => {
    current.current = null
  }

  const end = () => {
    current.current = null
    setDraft('')
    setQueuePosition(null)
  }

  /** Stops the letter being written; false when nothing is being written. */
  function cancel(): boolean {
    const controller = current.current
    controller?.abort()
    return controller !== null
  }

  return { draft, queuePosition, begin, settle, end, cancel }
}
