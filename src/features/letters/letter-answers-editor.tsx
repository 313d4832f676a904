import { zodResolver } from '@hookform/resolvers/zod'
import { useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { messageFor } from '@/domain/errors'
import { type LetterInput, letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { announceFallback } from './announce-fallback'
import { useLetterGenerator } from './generator/generator-context'
import { writeLetter } from './generator/write-letter'
import { LetterFields } from './letter-fields'
import { StreamingText } from './streaming-text'
import { useUnsavedGuard } from './use-unsaved-guard'

type LetterAnswersEditorProps = { letter: Letter; onDone: () => void }

/** Change the answers and write the letter again; the current text is kept as a previous version. */
export function LetterAnswersEditor({ letter, onDone }: LetterAnswersEditorProps) {
  const repository = useRepository()
  const engine = useLetterGenerator()
  const form = useForm<LetterInput>({
    resolver: zodResolver(letterInputSchema),
    defaultValues: letterInputSchema.parse(letter),
  })
  const [alert, setAlert] = useState<string | null>(null)
  const [draft, setDraft] = useState('')
  const writing = useRef<AbortController | null>(null)
  const { isDirty, isSubmitting, errors } = form.formState
  useUnsavedGuard(isDirty && !isSubmitting)

  async function regenerate(values: LetterInput) {
    setAlert(null)
    const controller = new AbortController()
    writing.current = controller
    try {
      const request = letterInputSchema.parse(values)
      const written = await writeLetter(engine, request, {
        date: new Date(),
        signal: controller.signal,
        onText: setDraft,
      })
      writing.current = null
      await repository.letters.replaceAnswers(letter.id, request, {
        content: written.content,
        generator: written.generator,
      })
      form.reset(values)
      toast.success('Letter regenerated. The earlier text is kept under Previous versions.')
      announceFallback(written.fallback)
      onDone()
    } catch (error) {
      if (controller.signal.aborted) toast.info('Regeneration cancelled. The letter is unchanged.')
      else setAlert(messageFor(error, 'GENERATION_FAILED'))
    } finally {
      writing.current = null
      setDraft('')
    }
  }

  // While the letter is being rewritten, Cancel stops that; otherwise it leaves the editor.
  const cancel = () => (writing.current ? writing.current.abort() : onDone())

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
        <Button variant="secondary" onClick={cancel}>
          Cancel
        </Button>
      </div>
      {draft !== '' ? <StreamingText text={draft} /> : null}
    </form>
  )
}
