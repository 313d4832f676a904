import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import type { LetterInput } from '@/domain/letter-schema'
import { letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { atLeast, sleep } from '@/lib/sleep'
import { FINISH_DELAY_MS, type GenerationStep, MIN_STEP_MS } from './generation-steps'
import { useLetterGenerator } from './generator/generator-context'

export type GenerationOutcome = 'completed' | 'failed'

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Creates a letter and drives it through the real stages: saved (1), being
 * written (2), stored (3), ready (4). The step drives the progress overlay.
 */
export function useGenerateLetter() {
  const repository = useRepository()
  const generator = useLetterGenerator()
  const [step, setStep] = useState<GenerationStep>(0)

  async function write(letter: Letter): Promise<GenerationOutcome> {
    try {
      setStep(2)
      const request = letterInputSchema.parse(letter)
      const content = await atLeast(MIN_STEP_MS, generator.generate(request, { date: new Date() }))
      setStep(3)
      await atLeast(
        MIN_STEP_MS,
        repository.letters.complete(letter.id, { content, generator: generator.id }),
      )
      setStep(4)
      await sleep(FINISH_DELAY_MS)
      setStep(0)
      toast.success('Legal letter generated successfully!')
      return 'completed'
    } catch (error) {
      await repository.letters.fail(letter.id, describe(error)).catch(() => undefined)
      setStep(0)
      toast.error(ERROR_MESSAGES.GENERATION_FAILED, {
        action: { label: 'Retry', onClick: () => void retry(letter) },
      })
      return 'failed'
    }
  }

  /** Saves the request (step 1) and writes it; a refusal to save is thrown for the form's alert. */
  async function generate(input: LetterInput): Promise<GenerationOutcome> {
    setStep(1)
    try {
      const letter = await atLeast(MIN_STEP_MS, repository.letters.create(input))
      return await write(letter)
    } catch (error) {
      setStep(0)
      throw error
    }
  }

  async function retry(letter: Letter): Promise<GenerationOutcome> {
    setStep(1)
    try {
      const restarted = await atLeast(MIN_STEP_MS, repository.letters.restart(letter.id))
      return await write(restarted)
    } catch (error) {
      setStep(0)
      toast.error(describe(error))
      return 'failed'
    }
  }

  return { step, generate, retry }
}
