import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { FormProvider } from 'react-hook-form'
import { toast } from 'sonner'
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
import { DraftNote } from './guided/draft-note'
import { letterFormFromDraft } from './guided/letter-form-draft'
import { useLetterDraft } from './guided/use-letter-draft'

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
  const { form, resetTo, restore } = letterForm
  const navigate = useNavigate()
  const { followUpMissing, ready } = useStartingAnswers({
    followUp,
    apply: resetTo,
    restoreDraft: (saved) => {
      const values = letterFormFromDraft(saved, form.getValues())
      if (!values) return
      restore(values)
      draft.restored()
    },
    untouched: () => !form.formState.isDirty,
  })
  const draft = useLetterDraft(form, ready)

  // The written letter opens on its page; the form keeps the sender and type for the next one.
  async function openLetter(letter: Letter) {
    await draft.discard().catch(() => undefined)
    resetTo(nextLetterForm(form.getValues()))
    await navigate({ to: '/app/letters/$letterId', params: { letterId: letter.id } })
  }

  function clearForm() {
    const typed = form.getValues()
    resetTo(blankLetterForm(fullName))
    void draft.discard().catch(() => undefined)
    toast.success('Form cleared.', {
      id: 'form-cleared',
      action: {
        label: 'Undo',
        onClick: () => {
          restore(typed)
          draft.saveNow()
        },
      },
    })
  }

  const {
    step,
    draft: streamed,
    queuePosition,
    generate,
    cancel,
  } = useGenerateLetter({
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
  // A draft kept on this device loses nothing on leaving; only one that could not be kept asks.
  useUnsavedGuard(form.formState.isDirty && !busy && draft.state !== 'saved')
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
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button
            type="submit"
            disabled={busy || lettersLeft === 0}
            aria-busy={busy}
            className="w-full sm:w-auto"
          >
            Generate Legal Letter
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={busy}
            onClick={clearForm}
            className="w-full sm:w-auto"
          >
            Clear form
          </Button>
          <DraftNote state={draft.state} />
        </div>
        {busy ? (
          <GenerationOverlay
            step={step}
            draft={streamed}
            queuePosition={queuePosition}
            onCancel={cancel}
          />
        ) : null}
      </form>
    </FormProvider>
  )
}
