import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { messageFor } from '@/domain/errors'
import { type LetterInput, letterInputSchema } from '@/domain/letter-schema'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { GenerationOverlay } from './generation-overlay'
import { LetterFields } from './letter-fields'
import { NoLettersLeft } from './no-letters-left'
import { useGenerateLetter } from './use-generate-letter'
import { useUnsavedGuard } from './use-unsaved-guard'

const blankLetter = (senderName: string): LetterInput => ({
  type: 'Demand Letter',
  senderName,
  senderAddress: '',
  recipientName: '',
  recipientAddress: '',
  matter: '',
  resolution: '',
})

type GenerateLetterFormProps = {
  fullName: string
  /** Undefined while still counting. */
  lettersLeft: number | undefined
  /** Letters owed after two devices spent the same one; the next plan pays them first. */
  lettersOwed?: number
  onChoosePlan: () => void
}

export function GenerateLetterForm({
  fullName,
  lettersLeft,
  lettersOwed = 0,
  onChoosePlan,
}: GenerateLetterFormProps) {
  const form = useForm<LetterInput>({
    resolver: zodResolver(letterInputSchema),
    defaultValues: blankLetter(fullName),
  })
  const { step, draft, generate, cancel } = useGenerateLetter()
  const [alert, setAlert] = useState<string | null>(null)

  async function submit(values: LetterInput) {
    setAlert(null)
    try {
      const outcome = await generate(values)
      // Keep the answers after a failure or a cancel so a second try needs no retyping.
      if (outcome === 'completed') form.reset(blankLetter(values.senderName.trim()))
    } catch (error) {
      setAlert(messageFor(error, 'GENERATION_FAILED'))
    }
  }

  const busy = step > 0
  useUnsavedGuard(form.formState.isDirty && !busy)
  return (
    <form
      noValidate
      aria-label="Generate letter"
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      className="flex flex-col gap-5"
    >
      {lettersLeft === 0 ? <NoLettersLeft onChoosePlan={onChoosePlan} owed={lettersOwed} /> : null}
      <FormAlert message={alert} />
      <LetterFields register={form.register} errors={form.formState.errors} />
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
      {busy ? <GenerationOverlay step={step} draft={draft} onCancel={cancel} /> : null}
    </form>
  )
}
