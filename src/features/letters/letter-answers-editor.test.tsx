// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster, toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '@/data/test-support'
import { renderInRouter } from '../../../tests/support/render-in-router'
import { builtInComposer, composeLetter } from './generator/built-in-composer'
import { LetterGeneratorProvider } from './generator/generator-context'
import type { LetterGenerator } from './generator/letter-generator'
import { LetterAnswersEditor } from './letter-answers-editor'
import type { LetterDetails } from '@/domain/letter-details'
import type { LetterInput } from '@/domain/letter-schema'

/** A model that writes a little, then waits until it is told to finish or is cancelled. */
function slowModel() {
  let finish: (text: string) => void = () => undefined
  const model: LetterGenerator = {
    id: 'openai-compatible:slow-model',
    generate: (request, { signal, onText }) =>
      new Promise((resolve, reject) => {
        onText?.('Charles Babbage\n1 Dorset Street')
        finish = resolve
        signal?.addEventListener('abort', () => reject(new Error('aborted')))
      }),
  }
  return { model, finish: (text: string) => finish(text) }
}

const DETAILS = {
  reference: 'INV-1843',
  senderTitle: 'Managing Partner',
  cc: ['Mary Somerville'],
  replyWithinDays: 14,
  demand: { amountCents: 425_000, currency: 'GBP', dueDates: ['2026-03-03', '2026-04-03'] },
} satisfies LetterDetails

async function renderEditor(engine: LetterGenerator, input: LetterInput = SAMPLE_LETTER) {
  const { repo } = createTestRepository()
  await signUpWithLetters(repo, 'ada@example.com')
  const created = await repo.letters.create(input)
  const letter = await repo.letters.complete(created.id, {
    content: 'The first text.',
    generator: 'built-in',
  })
  const onDone = vi.fn()
  await renderInRouter(
    <RepositoryProvider repository={repo}>
      <LetterGeneratorProvider generator={engine}>
        <LetterAnswersEditor letter={letter} onDone={onDone} />
        <Toaster />
      </LetterGeneratorProvider>
    </RepositoryProvider>,
  )
  return { repo, letter, onDone, user: userEvent.setup() }
}

afterEach(() => {
  toast.dismiss()
})

describe('Change Answers', () => {
  it('shows the new letter as the model writes it, and keeps it when done', async () => {
    const { model, finish } = slowModel()
    const { repo, letter, onDone, user } = await renderEditor(model)
    await user.click(screen.getByRole('button', { name: 'Regenerate Letter' }))
    const soFar = await screen.findByRole('region', { name: 'Letter so far' })
    expect(soFar).toHaveTextContent('Charles Babbage 1 Dorset Street')

    const written = composeLetter(SAMPLE_LETTER, new Date())
    finish(written)
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(await repo.letters.get(letter.id)).toMatchObject({
      content: written,
      generator: 'openai-compatible:slow-model',
    })
    expect(screen.queryByRole('region', { name: 'Letter so far' })).not.toBeInTheDocument()
  })

  it('stops rewriting on Cancel and leaves the letter as it was', async () => {
    const { model } = slowModel()
    const { repo, letter, onDone, user } = await renderEditor(model)
    await user.clear(screen.getByLabelText('Matter/Subject'))
    await user.type(screen.getByLabelText('Matter/Subject'), 'A new matter')
    const form = screen.getByRole('form', { name: 'Change answers' })
    await user.click(within(form).getByRole('button', { name: 'Regenerate Letter' }))
    await screen.findByRole('region', { name: 'Letter so far' })

    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(
      await screen.findByText('Regeneration cancelled. The letter is unchanged.'),
    ).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue('A new matter')
    expect(await repo.letters.get(letter.id)).toMatchObject({
      content: 'The first text.',
      matter: SAMPLE_LETTER.matter,
    })
  })

  it('asks the guided questions with the letter’s answers, and keeps them when regenerating', async () => {
    const { repo, letter, onDone, user } = await renderEditor(builtInComposer, {
      ...SAMPLE_LETTER,
      details: DETAILS,
    })
    const replace = vi.spyOn(repo.letters, 'replaceAnswers')
    expect(screen.getByLabelText('Amount Owed')).toHaveValue('4,250.00')
    expect(screen.getByLabelText('Currency')).toHaveValue('GBP')
    expect(screen.getByLabelText('Date It Fell Due (2)')).toHaveValue('2026-04-03')
    expect(screen.getByLabelText('Reference Number')).toHaveValue('INV-1843')
    expect(screen.getByLabelText('Reply Within (days)')).toHaveValue(14)
    // Answers behind More details are shown, not hidden away.
    expect(screen.getByLabelText('Your Title')).toBeVisible()
    expect(screen.getByLabelText('Copies to (cc)')).toHaveValue('Mary Somerville')

    await user.clear(screen.getByLabelText('Matter/Subject'))
    await user.type(screen.getByLabelText('Matter/Subject'), 'Invoice #1843, second notice')
    await user.click(screen.getByRole('button', { name: 'Regenerate Letter' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(replace.mock.calls[0]?.[1]).toEqual({
      ...SAMPLE_LETTER,
      matter: 'Invoice #1843, second notice',
      details: DETAILS,
    })
    expect((await repo.letters.get(letter.id)).details).toEqual(DETAILS)
  })

  it('refuses a bad answer with its message and leaves the letter as it was', async () => {
    const { repo, letter, onDone, user } = await renderEditor(builtInComposer)
    await user.type(screen.getByLabelText('Amount Owed'), '12.345')
    await user.click(screen.getByRole('button', { name: 'Regenerate Letter' }))
    expect(
      await screen.findByText('Amount Owed must be an amount of money, such as $4,250 or 4250.00'),
    ).toBeInTheDocument()
    expect(onDone).not.toHaveBeenCalled()
    expect(await repo.letters.get(letter.id)).toMatchObject({ content: 'The first text.' })
  })
})
