import { useRef, useState } from 'react'
import { useLetterGenerator } from './generator/generator-context'
import type { LetterRequest } from './generator/letter-generator'
import { writeLetter } from './generator/write-letter'

/**
 * A letter being written that the person can watch and stop: the text so far
 * (`draft`) and `cancel`. `begin` starts a writing and hands back its signal;
 * `settle` ends the time Cancel applies (the text is written); `end` clears
 * the draft once the caller is done with it.
 */
export function useLetterWriting() {
  const engine = useLetterGenerator()
  const [draft, setDraft] = useState('')
  const current = useRef<AbortController | null>(null)

  function begin() {
    const controller = new AbortController()
    current.current = controller
    const { signal } = controller
    const write = (request: LetterRequest) =>
      writeLetter(engine, request, { date: new Date(), signal, onText: setDraft })
    return { signal, write }
  }

  const settle = () => {
    current.current = null
  }

  const end = () => {
    current.current = null
    setDraft('')
  }

  /** Stops the letter being written; false when nothing is being written. */
  function cancel(): boolean {
    const controller = current.current
    controller?.abort()
    return controller !== null
  }

  return { draft, begin, settle, end, cancel }
}
