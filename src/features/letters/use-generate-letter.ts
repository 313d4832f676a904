import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { ERROR_MESSAGES, isAppError } from '@/domain/errors'
import type { LetterInput } from '@/domain/letter-schema'
import { letterInputSchema } from '@/domain/letter-schema'
import type { Letter } from '@/domain/types'
import { atLeast, sleep } from '@/lib/sleep'
import { FINISH_DELAY_MS, type GenerationStep, MIN_STEP_MS } from './generation-steps'
import { announceFallback } from './announce-fallback'
import { holdingWritingLock } from './interrupted-letters'
import { useLetterWriting } from './use-letter-writing'
import { errorMessage } from '@/lib/error-message'

export type GenerationOutcome = 'completed' | 'failed' | 'cancelled'

const CANCELLED_REASON = 'Cancelled before it was finished.'

type GenerateLetterOptions = {
  /**
   * The letter is ready (step 4 shown): the overlay stays up while this hands
   * over to the letter's page, and closes after it.
   */
  onReady?: (letter: Letter) => void | Promise<void>
}

/**
 * Creates a letter and drives it through the real stages: saved (1), being
 * written (2), stored (3), ready (4). The step drives the progress overlay,
 * `draft` shows a streaming engine's text as it arrives, and `cancel` stops
 * the writing while step 2 lasts (the letter fails and its credit returns).
 * `queuePosition` is the letter's place in line while the server's AI
 * waits for a turn, within step 2.
 */
export function useGenerateLetter({ onReady }: GenerateLetterOptions = {}) {
  const repository = useRepository()
  const [step, setStep] = useState<GenerationStep>(0)
  const writing = useLetterWriting()

  /** The letter is stored and written: whatever the hand-over does, the letter stays completed. */
  async function handOver(letter: Letter) {
    try {
      await onReady?.(letter)
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  /** Writes the letter holding its lock, so no other tab takes it for one abandoned mid-way. */
  const write = (letter: Letter) => holdingWritingLock(letter.id, () => writeHeld(letter))

  async function writeHeld(letter: Letter): Promise<GenerationOutcome> {
    const { signal, write: writeText } = writing.begin()
    try {
      setStep(2)
      const written = await atLeast(
        MIN_STEP_MS,
        writeText(letterInputSchema.parse(letter), letter.id),
      )
      signal.throwIfAborted()
      writing.settle()
      setStep(3)
      const completed = await atLeast(
        MIN_STEP_MS,
        repository.letters.complete(letter.id, {
          content: written.content,
          generator: written.generator,
        }),
      )
      setStep(4)
      await sleep(FINISH_DELAY_MS)
      toast.success('Legal letter generated successfully!')
      announceFallback(written.fallback)
      await handOver(completed)
      setStep(0)
      return 'completed'
    } catch (error) {
      const cancelled = signal.aborted
      await repository.letters
        .fail(letter.id, cancelled ? CANCELLED_REASON : errorMessage(error))
        .catch(() => undefined)
      setStep(0)
      if (cancelled) {
        toast.info(ERROR_MESSAGES.GENERATION_CANCELLED)
        return 'cancelled'
      }
      // Letters owed are paid by a purchase, not by trying again.
      if (isAppError(error) && error.code === 'LETTERS_OWED') {
        toast.error(error.message)
        return 'failed'
      }
      toast.error(ERROR_MESSAGES.GENERATION_FAILED, {
        action: { label: 'Retry', onClick: () => void retry(letter) },
      })
      return 'failed'
    } finally {
      writing.end()
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
      toast.error(errorMessage(error))
      return 'failed'
    }
  }

  /** Stops the letter being written; only possible while step 2 lasts. */
  const cancel = () => {
    writing.cancel()
  }

  return {
    step,
    draft: writing.draft,
    queuePosition: writing.queuePosition,
    generate,
    retry,
    cancel,
  }
}
