import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import { useRepository } from '@/data/repository-context'
import type { LetterInput } from '@/domain/letter-schema'
import type { LetterFormValues } from './letter-form-values'

/** How long typing pauses before the draft is written: a write per pause, not per key. */
export const DRAFT_SAVE_DELAY_MS = 300

const FORM = 'generate-letter'

/** Whether what the person typed is kept on this device: `failed` keeps the page's own guard on. */
export type DraftState = 'none' | 'restored' | 'saved' | 'failed'

const sameValues = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Keeps the Generate form's answers as a draft while the person types
 * (docs/decisions/037-form-drafts.md): held at each change of an answer,
 * written a moment after, and at once when the page is hidden or the form goes away;
 * removed when the answers are back to how the form started. Answers put in
 * whole (the starting ones, a follow-up's) write nothing, so a follow-up
 * leaves the draft of another letter in place. `ready` holds the writes until
 * the starting answers (a draft among them) are in the form.
 */
export function useLetterDraft(
  form: UseFormReturn<LetterFormValues, unknown, LetterInput>,
  ready: boolean,
) {
  const repository = useRepository()
  const [state, setState] = useState<DraftState>('none')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const write = useCallback(() => {
    clearTimeout(timer.current)
    timer.current = undefined
    const values = form.getValues()
    const changed = !sameValues(values, form.formState.defaultValues)
    const done = changed
      ? repository.drafts.save(FORM, values).then(() => 'saved' as const)
      : repository.drafts.clear(FORM).then(() => 'none' as const)
    // A draft that cannot be kept (too large, storage full) leaves the page asking before it goes.
    done.then(setState, () => setState('failed'))
  }, [form, repository])

  const flush = useEffectEvent(() => {
    if (timer.current !== undefined) write()
  })

  /** Holds the answers at once (decision 037): the page may go before the pause that saves them. */
  const hold = useCallback(() => {
    const values = form.getValues()
    if (sameValues(values, form.formState.defaultValues)) return
    // A copy that cannot be held (too large) is reported by the save that follows.
    repository.drafts.hold(FORM, values).catch(() => undefined)
  }, [form, repository])

  useEffect(() => {
    if (!ready) return
    const { unsubscribe } = form.watch((_values, { name }) => {
      // A whole new set of answers (the starting ones, a follow-up's) is not something typed.
      if (name === undefined) return
      hold()
      clearTimeout(timer.current)
      timer.current = setTimeout(write, DRAFT_SAVE_DELAY_MS)
    })
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', flush)
    return () => {
      unsubscribe()
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [form, ready, write, hold])

  return {
    state,
    /** The form now holds the saved draft's answers. */
    restored: () => setState('restored'),
    /** Writes the form's answers now, as after a change. */
    saveNow: write,
    /** The draft goes now (the letter was written, or the form cleared); no pending write brings it back. */
    async discard() {
      clearTimeout(timer.current)
      timer.current = undefined
      setState('none')
      await repository.drafts.clear(FORM)
    },
  }
}

/** The saved draft of the Generate form, or null; a draft that cannot be read is none. */
export function readLetterDraft(repository: ReturnType<typeof useRepository>): Promise<unknown> {
  return repository.drafts.get(FORM).catch(() => null)
}
