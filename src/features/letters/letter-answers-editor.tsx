import { useState } from 'react'
import { FormProvider } from 'react-hook-form'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { answersOf } from '@/domain/letter-answers'
import { messageFor } from '@/domain/errors'
import type { LetterInput } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { announceFallback } from './announce-fallback'
import { FollowUpNote } from './guided/follow-up-note'
import { GuidedQuestions } from './guided/guided-questions'
import { letterFormValues } from './guided/letter-form-values'
import { useLetterForm } from './guided/use-letter-form'
import { LetterFields } from './letter-fields'
import { StreamingText } from './streaming-text'
import { useLetterWriting } from './use-letter-writing'
import { useUnsavedGuard } from './use-unsaved-guard'

type LetterAnswersEditorProps = { letter: Letter; onDone: () => void }

/**
 * Change the answers and write the letter again; the current text is kept as
 * a previous version. It asks the same guided questions as the Generate form,
 * starting from the letter's own answers, so a regeneration keeps them all.
 */
export function LetterAnswersEditor({ letter, onDone }: LetterAnswersEditorProps) {
  const repository = useRepository()
  const letterForm = useLetterForm(letterFormValues(answersOf(letter)))
  const { form } = letterForm
  const [alert, setAlert] = useState<string | null>(null)
  const writing = useLetterWriting()
  const { isDirty, isSubmitting, errors } = form.formState
  useUnsavedGuard(isDirty && !isSubmitting)

  async function regenerate(request: LetterInput) {
    setAlert(null)
    const { signal, write } = writing.begin()
    try {
      const written = await write(request, letter.id)
      writing.settle()
      await repository.letters.replaceAnswers(letter.id, request, {
        content: written.content,
        generator: written.generator,
      })
      letterForm.resetTo(form.getValues())
      toast.success('Letter regenerated. The earlier text is kept under Previous versions.')
      announceFallback(written.fallback)
      onDone()
    } catch (error) {
      if (signal.aborted) toast.info('Regeneration cancelled. The letter is unchanged.')
      else setAlert(messageFor(error, 'GENERATION_FAILED'))
    } finally {
      writing.end()
    }
  }

  // While the letter is being rewritten, Cancel stops that; otherwise it leaves the editor.
  const cancel = () => {
    if (!writing.cancel()) onDone()
  }

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Change answers"
        className="flex flex-col gap-4"
        onSubmit={(event) => void form.handleSubmit(regenerate, letterForm.onInvalid)(event)}
      >
        <FormAlert message={alert ?? errors.root?.message ?? null} />
        <FollowUpNote />
        <LetterFields register={form.register} errors={errors} />
        <GuidedQuestions moreOpen={letterForm.moreOpen} onToggleMore={letterForm.toggleMore} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            Regenerate Letter
          </Button>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </div>
        {writing.draft !== '' ? <StreamingText text={writing.draft} /> : null}
      </form>
    </FormProvider>
  )
}
