// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { renderInRouter } from '../../../tests/support/render-in-router'
import userEvent from '@testing-library/user-event'
import { Toaster, toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { SAMPLE_LETTER, createTestRepository } from '@/data/test-support'
import { GenerateLetterForm } from './generate-letter-form'
import { LetterGeneratorProvider } from './generator/generator-context'
import type { LetterGenerator } from './generator/letter-generator'
import { builtInComposer } from './generator/built-in-composer'

async function renderForm(generator: LetterGenerator = builtInComposer) {
  const context = createTestRepository()
  await context.repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  await context.repo.subscriptions.create({ plan: 'annual4' })
  const root = document.createElement('div')
  root.id = 'root'
  document.body.append(root)
  await renderInRouter(
    <RepositoryProvider repository={context.repo}>
      <LetterGeneratorProvider generator={generator}>
        <GenerateLetterForm
          fullName="Ada Lovelace"
          lettersLeft={4}
          onChoosePlan={() => undefined}
        />
        <Toaster />
      </LetterGeneratorProvider>
    </RepositoryProvider>,
    { container: root },
  )
  return { ...context, user: userEvent.setup() }
}

async function fillLetter(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Letter Type'), 'Cease and Desist')
  await user.type(screen.getByLabelText('Your Address'), SAMPLE_LETTER.senderAddress)
  await user.type(screen.getByLabelText('Recipient Name'), SAMPLE_LETTER.recipientName)
  await user.type(screen.getByLabelText('Recipient Address'), SAMPLE_LETTER.recipientAddress)
  await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
  await user.type(screen.getByLabelText('Desired Resolution'), SAMPLE_LETTER.resolution)
}

// sonner keeps its toasts in a module-level store; start each test with none.
afterEach(() => {
  toast.dismiss()
})

describe('generate letter form', () => {
  it('prefills Your Name and says what is missing', async () => {
    const { user, db } = await renderForm()
    expect(screen.getByLabelText('Your Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Letter Type')).toHaveValue('Demand Letter')
    await user.clear(screen.getByLabelText('Your Name'))
    await user.type(screen.getByLabelText('Matter/Subject'), '   ')
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    expect(await screen.findByText('Your name is required')).toBeInTheDocument()
    expect(screen.getByText('Matter/Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Recipient address is required')).toBeInTheDocument()
    expect(await db.letters.count()).toBe(0)
  })

  it('walks the overlay through the four stages, stores the letter and resets the form', async () => {
    const { user, db } = await renderForm()
    await fillLetter(user)
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    const dialog = await screen.findByRole('dialog')
    const seen = new Set<string | null>()
    await vi.waitFor(
      () => {
        seen.add(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow'))
        expect(seen.has('100')).toBe(true)
      },
      { timeout: 5000, interval: 50 },
    )
    expect([...seen]).toEqual(expect.arrayContaining(['25', '50', '75', '100']))
    for (const step of [
      'Request Received',
      'Under Attorney Review',
      'Posted to My Letters',
      'Ready for Preview/Download',
    ]) {
      expect(within(dialog).getByText(step)).toBeInTheDocument()
    }
    expect(
      await screen.findByText('Legal letter generated successfully!', {}, { timeout: 3000 }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const [letter] = await db.letters.toArray()
    expect(letter).toMatchObject({
      status: 'completed',
      type: 'Cease and Desist',
      generator: 'built-in',
    })
    expect(letter?.content).toContain(`Re: ${SAMPLE_LETTER.matter}`)
    expect(screen.getByLabelText('Your Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue('')
  })

  it('drafts with the built-in engine when the chosen model fails, and says so', async () => {
    const broken: LetterGenerator = {
      id: 'openai-compatible:broken-model',
      generate: () => Promise.reject(new Error('The AI endpoint answered HTTP 500.')),
    }
    const { user, db } = await renderForm(broken)
    await fillLetter(user)
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    expect(
      await screen.findByText(
        'AI unavailable — drafted with the built-in engine',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    expect(screen.getByText('The AI endpoint answered HTTP 500.')).toBeInTheDocument()
    expect(await db.letters.toArray()).toEqual([
      expect.objectContaining({ status: 'completed', generator: 'built-in' }),
    ])
  })

  it('cancels a letter being written: it fails, its credit returns and the answers stay', async () => {
    let started = false
    const hanging: LetterGenerator = {
      id: 'openai-compatible:slow-model',
      generate: (_request, { signal, onText }) =>
        new Promise((_resolve, reject) => {
          started = true
          onText?.('Dear Sir or Madam, I write')
          signal?.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    }
    const { user, db, repo } = await renderForm(hanging)
    await fillLetter(user)
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    const dialog = await screen.findByRole('dialog')
    await vi.waitFor(() => expect(started).toBe(true))
    expect(within(dialog).getByRole('region', { name: 'Letter so far' })).toHaveTextContent(
      'Dear Sir or Madam, I write',
    )
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(3)

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(
      await screen.findByText('Letter cancelled. Your letter credit was returned.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(await db.letters.toArray()).toEqual([
      expect.objectContaining({ status: 'failed', error: 'Cancelled before it was finished.' }),
    ])
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(4)
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue(SAMPLE_LETTER.matter)
  })

  it('records a letter that could not be stored, keeps the answers and offers Retry', async () => {
    const { user, db, repo } = await renderForm()
    vi.spyOn(repo.letters, 'complete').mockRejectedValueOnce(new Error('The disk is full.'))
    await fillLetter(user)
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    expect(
      await screen.findByText(
        'Failed to generate letter. Please try again.',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument()
    expect(await db.letters.toArray()).toEqual([
      expect.objectContaining({ status: 'failed', error: 'The disk is full.' }),
    ])
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue(SAMPLE_LETTER.matter)

    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await vi.waitFor(
      async () => expect((await db.letters.toArray())[0]?.status).toBe('completed'),
      {
        timeout: 5000,
      },
    )
    expect(await db.letters.count()).toBe(1)
  })
})
