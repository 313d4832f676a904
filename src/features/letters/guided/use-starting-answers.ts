import { useEffect, useEffectEvent, useState } from 'react'
import { useRepository } from '@/data/repository-context'
import { answersOf } from '@/domain/letter-answers'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { Letter } from '@/domain/types'
import { type LetterFormValues, letterFormValues, nextLetterForm } from './letter-form-values'

/** A follow-up starts from the first letter's answers and cites it by its day and reference. */
export function followUpForm(letter: Letter): LetterFormValues {
  const values = letterFormValues(answersOf(letter))
  const reference = letter.details?.reference
  const followUp = {
    letterId: letter.id,
    date: calendarDayOf(new Date(letter.createdAt)),
    ...(reference ? { reference } : {}),
  }
  return { ...values, details: { ...values.details, followUp } }
}

type StartingAnswers = {
  /** The letter to follow up (the dashboard's `followUp`), if any. */
  followUp: string | undefined
  apply: (values: LetterFormValues) => void
  /** Whether the person has typed nothing yet: only then may the last letter fill the form. */
  untouched: () => boolean
}

/**
 * What the Generate form starts with. Following up a letter: that letter's
 * answers, citing it. Otherwise, once the form has unmounted (the last letter
 * opened on its page), the sender and type of the newest letter, so the next
 * letter needs no retyping of who writes it.
 * Answers whether the letter to follow up could not be found.
 */
export function useStartingAnswers({ followUp, apply, untouched }: StartingAnswers) {
  const repository = useRepository()
  const [missing, setMissing] = useState<string | null>(null)
  const start = useEffectEvent((values: LetterFormValues, always: boolean) => {
    if (always || untouched()) apply(values)
  })
  const notFound = useEffectEvent((id: string) => setMissing(id))

  const followingUpAtStart = useEffectEvent(() => followUp !== undefined)

  // Once, as the form appears: the newest letter's sender, unless a follow-up fills the form.
  useEffect(() => {
    if (followingUpAtStart()) return
    let current = true
    repository.letters
      .pageMine({ offset: 0, limit: 1 })
      .then(({ letters: [newest] }) => {
        if (current && newest) start(nextLetterForm(letterFormValues(answersOf(newest))), false)
      })
      // A newest letter that cannot be read leaves the form blank; nothing typed is lost.
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [repository])

  // Each time the person asks to follow up a letter (leaving the follow-up keeps the form as it is).
  useEffect(() => {
    if (!followUp) return
    let current = true
    repository.letters.get(followUp).then(
      (letter) => {
        if (current) start(followUpForm(letter), true)
      },
      () => {
        if (current) notFound(followUp)
      },
    )
    return () => {
      current = false
    }
  }, [repository, followUp])

  return { followUpMissing: missing !== null && missing === followUp }
}
