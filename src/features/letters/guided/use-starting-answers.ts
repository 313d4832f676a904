import { useEffect, useEffectEvent, useState } from 'react'
import { useRepository } from '@/data/repository-context'
import { answersOf } from '@/domain/letter-answers'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { Letter } from '@/domain/types'
import { type LetterFormValues, letterFormValues, nextLetterForm } from './letter-form-values'
import { readLetterDraft } from './use-letter-draft'

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
  /** Puts a saved draft's answers in the form, over what it started with. */
  restoreDraft: (saved: unknown) => void
  /** Whether the person has typed nothing yet: only then may the last letter fill the form. */
  untouched: () => boolean
}

/**
 * What the Generate form starts with. Following up a letter: that letter's
 * answers, citing it. Otherwise, once the form has unmounted (the last letter
 * opened on its page), the sender and type of the newest letter, so the next
 * letter needs no retyping of who writes it; and over them, the draft of what
 * the person typed last and did not send, if any.
 * Answers whether the letter to follow up could not be found, and whether the
 * starting answers are in (until then a draft is neither written nor removed).
 */
export function useStartingAnswers({ followUp, apply, restoreDraft, untouched }: StartingAnswers) {
  const repository = useRepository()
  const [missing, setMissing] = useState<string | null>(null)
  // A follow-up's answers arrive whole; typing may begin at once.
  const [ready, setReady] = useState(() => followUp !== undefined)
  const start = useEffectEvent((values: LetterFormValues, always: boolean) => {
    if (always || untouched()) apply(values)
  })
  const startFrom = useEffectEvent((newest: Letter | undefined, draft: unknown) => {
    if (newest) start(nextLetterForm(letterFormValues(answersOf(newest))), false)
    if (draft !== null && untouched()) restoreDraft(draft)
    setReady(true)
  })
  const notFound = useEffectEvent((id: string) => setMissing(id))

  const followingUpAtStart = useEffectEvent(() => followUp !== undefined)

  // Once, as the form appears: the newest letter's sender and the draft, unless a follow-up fills the form.
  useEffect(() => {
    if (followingUpAtStart()) return
    let current = true
    // A newest letter that cannot be read leaves the form blank; nothing typed is lost.
    const newest = repository.letters.pageMine({ offset: 0, limit: 1 }).then(
      ({ letters }) => letters[0],
      () => undefined,
    )
    void Promise.all([newest, readLetterDraft(repository)]).then(([letter, draft]) => {
      if (current) startFrom(letter, draft)
    })
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

  return { followUpMissing: missing !== null && missing === followUp, ready }
}
