// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { formatDay } from '@/domain/letter-format'
import { calendarDayOf } from '@/domain/reply-tracking'
import type { LetterGenerator } from './generator/letter-generator'
import { renderGenerateForm } from './guided/generate-form-harness'

type User = ReturnType<typeof userEvent.setup>

async function fillLetter(user: User) {
  await user.selectOptions(screen.getByLabelText('Letter Type'), 'Cease and Desist')
  await user.type(screen.getByLabelText('Your Address'), SAMPLE_LETTER.senderAddress)
  await user.type(screen.getByLabelText('Recipient Name'), SAMPLE_LETTER.recipientName)
  await user.type(screen.getByLabelText('Recipient Address'), SAMPLE_LETTER.recipientAddress)
  await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
  await user.type(screen.getByLabelText('Desired Resolution'), SAMPLE_LETTER.resolution)
}

const letterPage = () =>
  screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })

// sonner keeps its toasts in a module-level store; start each test with none.
afterEach(() => {
  toast.dismiss()
})

describe('generate letter form', () => {
  it('prefills Your Name and says what is missing', async () => {
    const { user, db } = await renderGenerateForm()
    expect(screen.getByLabelText('Your Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Letter Type')).toHaveValue('Demand Letter')
    await user.clear(screen.getByLabelText('Your Name'))
    await user.type(screen.getByLabelText('Matter/Subject'), '   ')
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    expect(await screen.findByText('Your name is required')).toBeInTheDocument()
    expect(screen.getByText('Matter/Subject is required')).toBeInTheDocument()
    expect(screen.getByText('Recipient address is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Your Name')).toHaveFocus()
    expect(await db.letters.count()).toBe(0)
  })

  it('walks the overlay through the four stages, then opens the letter on its page', async () => {
    const { user, db, router } = await renderGenerateForm()
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
    // The seed's name stays; beneath it, what really happens, and no claim that a lawyer read it.
    expect(
      within(dialog).getByText(
        'An automated check that every amount, date and reference is traced to your answers',
      ),
    ).toBeInTheDocument()
    expect(dialog).not.toHaveTextContent(/attorney (has )?(reviewed|approved)|lawyer/i)

    await letterPage()
    expect(screen.getByText('Legal letter generated successfully!')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const [letter] = await db.letters.toArray()
    expect(letter).toMatchObject({
      status: 'completed',
      type: 'Cease and Desist',
      generator: 'built-in',
    })
    expect(letter?.content).toContain(`Re: ${SAMPLE_LETTER.matter}`)
    expect(router.state.location.pathname).toBe(`/app/letters/${letter?.id}`)
  })

  it('keeps the sender and the type for the next letter, and starts the rest afresh', async () => {
    const { user, router } = await renderGenerateForm()
    await fillLetter(user)
    await user.click(screen.getByRole('button', { name: 'More details' }))
    await user.type(screen.getByLabelText('Your Title'), 'Managing Partner')
    await user.type(screen.getByLabelText('Your Company'), 'Lovelace & Partners LLP')
    await user.type(screen.getByLabelText('Your Phone'), '+44 20 7946 0018')
    await user.type(screen.getByLabelText('Your Email'), 'ada@lovelace.example')
    await user.type(screen.getByLabelText('Recipient Company'), 'Difference Engines Ltd')
    await user.type(screen.getByLabelText('Reference Number'), 'CB/77')
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    await letterPage()

    await router.navigate({ to: '/app' })
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Your Address')).toHaveValue(SAMPLE_LETTER.senderAddress),
    )
    expect(screen.getByLabelText('Letter Type')).toHaveValue('Cease and Desist')
    expect(screen.getByLabelText('Your Name')).toHaveValue('Ada Lovelace')
    expect(screen.getByLabelText('Your Title')).toHaveValue('Managing Partner')
    expect(screen.getByLabelText('Your Company')).toHaveValue('Lovelace & Partners LLP')
    expect(screen.getByLabelText('Your Phone')).toHaveValue('+44 20 7946 0018')
    expect(screen.getByLabelText('Your Email')).toHaveValue('ada@lovelace.example')
    expect(screen.getByLabelText('Recipient Name')).toHaveValue('')
    expect(screen.getByLabelText('Recipient Company')).toHaveValue('')
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue('')
    expect(screen.getByLabelText('Reference Number')).toHaveValue('')
  })

  it('starts a follow-up from the first letter’s answers and cites it', async () => {
    let firstId = ''
    const { user, repo, router } = await renderGenerateForm({
      prepare: async ({ repo }) => {
        const first = await repo.letters.create({
          ...SAMPLE_LETTER,
          details: {
            reference: 'INV-1843',
            senderTitle: 'Managing Partner',
            demand: { amountCents: 240_000, currency: 'USD', dueDates: ['2026-03-03'] },
          },
        })
        await repo.letters.complete(first.id, { content: 'The first letter.', generator: 'x' })
        firstId = first.id
        return `/app?followUp=${first.id}`
      },
    })
    const first = await repo.letters.get(firstId)
    const day = calendarDayOf(new Date(first.createdAt))
    expect(
      await screen.findByText(`Follow-up to your letter of ${formatDay(day)} (reference INV-1843)`),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Letter Type')).toHaveValue('Demand Letter')
    expect(screen.getByLabelText('Recipient Name')).toHaveValue(SAMPLE_LETTER.recipientName)
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue(SAMPLE_LETTER.matter)
    expect(screen.getByLabelText('Amount Owed')).toHaveValue('2,400.00')
    expect(screen.getByLabelText('Date It Fell Due')).toHaveValue('2026-03-03')
    expect(screen.getByLabelText('Reference Number')).toHaveValue('INV-1843')

    const create = vi.spyOn(repo.letters, 'create')
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    await letterPage()
    expect(create.mock.calls[0]?.[0].details).toEqual({
      reference: 'INV-1843',
      senderTitle: 'Managing Partner',
      followUp: { letterId: firstId, date: day, reference: 'INV-1843' },
      demand: { amountCents: 240_000, currency: 'USD', dueDates: ['2026-03-03'] },
    })
    expect(router.state.location.pathname).not.toBe(`/app/letters/${firstId}`)
  })

  it('lets a follow-up go when the person says it is not one', async () => {
    const { user, repo } = await renderGenerateForm({
      prepare: async ({ repo }) => {
        const first = await repo.letters.create(SAMPLE_LETTER)
        return `/app?followUp=${first.id}`
      },
    })
    await screen.findByText(/Follow-up to your letter of/)
    await user.click(screen.getByRole('button', { name: 'Not a follow-up' }))
    expect(screen.queryByText(/Follow-up to your letter of/)).not.toBeInTheDocument()
    const create = vi.spyOn(repo.letters, 'create')
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    await letterPage()
    expect(create.mock.calls[0]?.[0]).not.toHaveProperty('details')
  })

  it('drafts with the built-in engine when the chosen model fails, and says so', async () => {
    const broken: LetterGenerator = {
      id: 'openai-compatible:broken-model',
      generate: () => Promise.reject(new Error('The AI endpoint answered HTTP 500.')),
    }
    const { user, db } = await renderGenerateForm({ generator: broken })
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
    const { user, db, repo } = await renderGenerateForm({ generator: hanging })
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
    const { user, db, repo, router } = await renderGenerateForm()
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
    await letterPage()
    const [letter] = await db.letters.toArray()
    expect(letter?.status).toBe('completed')
    expect(await db.letters.count()).toBe(1)
    expect(router.state.location.pathname).toBe(`/app/letters/${letter?.id}`)
  })
})
