// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster, toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '@/data/test-support'
import { renderInRouter } from '../../../tests/support/render-in-router'
import { composeLetter } from './generator/built-in-composer'
import { LetterGeneratorProvider } from './generator/generator-context'
import type { LetterGenerator } from './generator/letter-generator'
import { LetterAnswersEditor } from './letter-answers-editor'

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

async function renderEditor(engine: LetterGenerator) {
  const { repo } = createTestRepository()
  await signUpWithLetters(repo, 'ada@example.com')
  const created = await repo.letters.create(SAMPLE_LETTER)
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
})
