import { TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { builtInComposer } from './generator/built-in-composer'

/**
 * The amounts, dates and reference numbers an AI engine wrote that none of
 * the person's answers gives.
 */
export function useUntracedFacts(letter: Letter | undefined): string[] {
  const [found, setFound] = useState<{ letter: Letter; facts: string[] } | null>(null)
  const checked = letter !== undefined && needsCheck(letter)
  useEffect(() => {
    if (!letter || !needsCheck(letter)) return
    const request = letterInputSchema.safeParse(letter)
    if (!request.success) return
    let current = true
    // The fact reader is only for AI letters, so it loads when one is opened.
    void import('@/domain/letter-writing/traceability').then(({ untracedFacts }) => {
      // The letter is dated the day it was created, the day its reply-by day counts from.
      const facts = untracedFacts(letter.content, request.data, new Date(letter.createdAt))
      if (current) setFound({ letter, facts })
    })
    return () => {
      current = false
    }
  }, [letter])
  // Each read of the letter is a new object: what was found for an earlier read no longer counts.
  return checked && found?.letter === letter ? found.facts : []
}

/** The built-in composer writes only what it was given, so its letters are not checked. */
const needsCheck = (letter: Letter) =>
  letter.status === 'completed' && letter.generator !== builtInComposer.id

export function UntracedFactsNotice({ facts }: { facts: readonly string[] }) {
  return (
    <div
      role="note"
      aria-labelledby="untraced-facts-heading"
      className="flex w-full gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>
        <p id="untraced-facts-heading" className="font-semibold">
          Check before you send: these could not be traced to your answers:
        </p>
        <ul className="mt-1 list-disc pl-5">
          {facts.map((fact) => (
            <li key={fact}>
              <bdi>{fact}</bdi>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
