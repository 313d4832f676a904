import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { messageFor } from '@/domain/errors'
import { type LetterInput, letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { useLetterGenerator } from './generator/generator-context'
import { LetterFields } from './letter-fields'
import { useUnsavedGuard } from './use-unsaved-guard'

type LetterAnswersEditorProps = { letter: Letter; onDone: () => void }

/** Change the answers and write the letter again; the current text is kept as a previous version. */
export function LetterAnswersEditor({ letter, onDone }: LetterAnswersEditorProps) {
  const repository = useRepository()
  const generator = useLetterGenerator()
  const form = useForm<LetterInput>({
    resolver: zodResolver(letterInputSchema),
    defaultValues: letterInputSchema.parse(letter),
  })
  const [alert, setAlert] = useState<string | null>(null)
  const { isDirty, isSubmitting, errors } = form.formState
  useUnsavedGuard(isDirty && !isSubmitting)

  async function regenerate(values: LetterInput) {
    setAlert(null)
    try {
      const request = letterInputSchema.parse(values)
      const content = await generator.generate(request, { date: new Date() })
      await repository.letters.replaceAnswers(letter.id, request, {
        content,
        generator: generator.id,
      })
      form.reset(values)
      toast.success('Letter regenerated. The earlier text is kept under Previous versions.')
      onDone()
    } catch (error) {
      setAlert(messageFor(error, 'GENERATION_FAILED'))
    }
  }

  return (
    <form
      noValidate
      aria-label="Change answers"
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit(regenerate)(event)}
    >
      <FormAlert message={alert} />
      <LetterFields register={form.register} errors={errors} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Regenerate Letter
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
