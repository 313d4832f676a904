import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormProvider } from 'react-hook-form'
import { messageFor } from '@/domain/errors'
import type { LetterInput } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { GenerationOverlay } from './generation-overlay'
import { FollowUpNote } from './guided/follow-up-note'
import { GuidedQuestions } from './guided/guided-questions'
import { blankLetterForm, nextLetterForm } from './guided/letter-form-values'
import { useLetterForm } from './guided/use-letter-form'
import { useStartingAnswers } from './guided/use-starting-answers'
import { LetterFields } from './letter-fields'
import { NoLettersLeft } from './no-letters-left'
import { useGenerateLetter } from './use-generate-letter'
import { useUnsavedGuard } from './use-unsaved-guard'

type GenerateLetterFormProps = {
  fullName: string
  /** Undefined while still counting. */
  lettersLeft: number | undefined
  /** Letters owed after two devices spent the same one; the next plan pays them first. */
  lettersOwed?: number
  onChoosePlan: () => void
  /** Write follow-up: the id of the letter this one follows up. */
  followUp?: string | undefined
}

export function GenerateLetterForm({
  fullName,
  lettersLeft,
  lettersOwed = 0,
  onChoosePlan,
  followUp,
}: GenerateLetterFormProps) {
  const letterForm = useLetterForm(blankLetterForm(fullName))
  const { form, resetTo } = letterForm
  const navigate = useNavigate()
  const { followUpMissing } = useStartingAnswers({
    followUp,
    apply: resetTo,
    untouched: () => !form.formState.isDirty,
  })

  // The written letter opens on its page; the form keeps the sender and type for the next one.
  async function openLetter(letter: Letter) {
    resetTo(nextLetterForm(form.getValues()))
    await navigate({ to: '/app/letters/$letterId', params: { letterId: letter.id } })
  }

  const { step, draft, queuePosition, generate, cancel } = useGenerateLetter({
    onReady: openLetter,
  })
  const [alert, setAlert] = useState<string | null>(null)

  async function submit(input: LetterInput) {
    setAlert(null)
    try {
      // After a failure or a cancel the answers stay, so a second try needs no retyping.
      await generate(input)
    } catch (error) {
      setAlert(messageFor(error, 'GENERATION_FAILED'))
    }
  }

  const busy = step > 0
  useUnsavedGuard(form.formState.isDirty && !busy)
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Generate letter"
        onSubmit={(event) => void form.handleSubmit(submit, letterForm.onInvalid)(event)}
        className="flex flex-col gap-5"
      >
        {lettersLeft === 0 ? (
          <NoLettersLeft onChoosePlan={onChoosePlan} owed={lettersOwed} />
        ) : null}
        <FormAlert message={alert ?? form.formState.errors.root?.message ?? null} />
        {followUpMissing ? (
          <p className="text-sm text-ink-600 dark:text-ink-300">
            The letter to follow up is not on this device or your account; start from a new letter
            instead.
          </p>
        ) : null}
        <FollowUpNote />
        <LetterFields register={form.register} errors={form.formState.errors} />
        <GuidedQuestions moreOpen={letterForm.moreOpen} onToggleMore={letterForm.toggleMore} />
        <div>
          <Button
            type="submit"
            disabled={busy || lettersLeft === 0}
            aria-busy={busy}
            className="w-full sm:w-auto"
          >
            Generate Legal Letter
          </Button>
        </div>
        {busy ? (
          <GenerationOverlay
            step={step}
            draft={draft}
            queuePosition={queuePosition}
            onCancel={cancel}
          />
        ) : null}
      </form>
    </FormProvider>
  )
}
