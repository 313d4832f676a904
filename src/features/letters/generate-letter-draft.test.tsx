// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { renderGenerateForm } from './guided/generate-form-harness'
import { DRAFT_SAVE_DELAY_MS } from './guided/use-letter-draft'

const FORM = 'generate-letter'

/** What the device holds for Ada's Generate form. */
async function savedDraft(db: Awaited<ReturnType<typeof renderGenerateForm>>['db']) {
  const [draft] = await db.drafts.toArray()
  return draft?.values as Record<string, unknown> | undefined
}

afterEach(() => {
  toast.dismiss()
  localStorage.clear()
})

describe('the Generate form’s draft', () => {
  it('is kept on the device a moment after each change, and goes when typed back', async () => {
    const { user, db } = await renderGenerateForm()
    await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Legal Notice')
    await vi.waitFor(async () =>
      expect(await savedDraft(db)).toMatchObject({
        matter: SAMPLE_LETTER.matter,
        type: 'Legal Notice',
      }),
    )
    expect(await screen.findByText('Draft saved on this device.')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Matter/Subject'))
    await user.selectOptions(screen.getByLabelText('Letter Type'), 'Demand Letter')
    await vi.waitFor(async () => expect(await db.drafts.count()).toBe(0))
  })

  it('holds each change at once, so a page gone before the draft is written loses nothing', async () => {
    const { user } = await renderGenerateForm()
    await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
    // Synchronous storage, written as the key is typed: no pause needed.
    const held = Object.keys(localStorage).filter((key) => key.startsWith('letterhead.draft-hold.'))
    expect(held).toHaveLength(1)
    const { json } = JSON.parse(localStorage.getItem(held[0] ?? '') ?? '{}') as { json: string }
    expect(JSON.parse(json)).toMatchObject({
      matter: SAMPLE_LETTER.matter,
    })
  })

  it('comes back when the form opens again (a reload, a crash), answers and all', async () => {
    const { db } = await renderGenerateForm({
      prepare: async ({ repo }) => {
        await repo.drafts.save(FORM, {
          type: 'Cease and Desist',
          senderName: 'Ada Lovelace',
          recipientName: SAMPLE_LETTER.recipientName,
          matter: SAMPLE_LETTER.matter,
          resolution: 'x'.repeat(4_100),
          details: { cease: { conduct: 'Copying our catalogue' }, senderTitle: 'Director' },
        })
      },
    })
    expect(await screen.findByDisplayValue(SAMPLE_LETTER.matter)).toBeInTheDocument()
    expect(
      screen.getByText('Your unsent answers were restored from this device.'),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Letter Type')).toHaveValue('Cease and Desist')
    expect(screen.getByLabelText('Recipient Name')).toHaveValue(SAMPLE_LETTER.recipientName)
    // Over the limit as it was typed: kept whole, and said.
    expect(screen.getByLabelText('Desired Resolution')).toHaveValue('x'.repeat(4_100))
    expect(screen.getByDisplayValue('Copying our catalogue')).toBeInTheDocument()
    expect(screen.getByDisplayValue('Director')).toBeInTheDocument()
    expect(await savedDraft(db)).toMatchObject({ matter: SAMPLE_LETTER.matter })
  })

  it('is removed, with the answers, by Clear form; Undo brings both back', async () => {
    const { user, db } = await renderGenerateForm({
      prepare: ({ repo }) => repo.drafts.save(FORM, { matter: SAMPLE_LETTER.matter }),
    })
    await screen.findByDisplayValue(SAMPLE_LETTER.matter)
    await user.click(screen.getByRole('button', { name: 'Clear form' }))
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue('')
    expect(screen.getByLabelText('Your Name')).toHaveValue('Ada Lovelace')
    await vi.waitFor(async () => expect(await db.drafts.count()).toBe(0))

    await user.click(await screen.findByRole('button', { name: 'Undo' }))
    expect(screen.getByLabelText('Matter/Subject')).toHaveValue(SAMPLE_LETTER.matter)
    await vi.waitFor(async () =>
      expect(await savedDraft(db)).toMatchObject({ matter: SAMPLE_LETTER.matter }),
    )
  })

  it('is removed once the letter is written', async () => {
    const { user, db } = await renderGenerateForm({
      prepare: ({ repo }) =>
        repo.drafts.save(FORM, {
          type: 'Demand Letter',
          senderName: 'Ada Lovelace',
          senderAddress: SAMPLE_LETTER.senderAddress,
          recipientName: SAMPLE_LETTER.recipientName,
          recipientAddress: SAMPLE_LETTER.recipientAddress,
          matter: SAMPLE_LETTER.matter,
          resolution: SAMPLE_LETTER.resolution,
        }),
    })
    await screen.findByDisplayValue(SAMPLE_LETTER.matter)
    await user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
    await screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })
    expect(await db.letters.count()).toBe(1)
    await vi.waitFor(async () => expect(await db.drafts.count()).toBe(0))
  })

  it('is not in the way of a follow-up, and is not lost by it', async () => {
    const { db } = await renderGenerateForm({
      prepare: async ({ repo }) => {
        const letter = await repo.letters.create({ ...SAMPLE_LETTER })
        await repo.drafts.save(FORM, { matter: 'Another matter, half typed' })
        return `/app?followUp=${letter.id}`
      },
    })
    expect(await screen.findByDisplayValue(SAMPLE_LETTER.matter)).toBeInTheDocument()
    expect(screen.queryByDisplayValue('Another matter, half typed')).not.toBeInTheDocument()
    // Longer than a write waits after a change: none came.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS * 3))
    expect(await savedDraft(db)).toMatchObject({ matter: 'Another matter, half typed' })
  })
})
