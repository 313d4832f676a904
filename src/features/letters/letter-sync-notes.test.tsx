// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '@/data/test-support'
import type { Letter } from '@/domain/types'
import { formatDateTime } from '@/lib/format-date'
import { renderInRouter } from '../../../tests/support/render-in-router'
import { LetterCard } from './letter-card'
import { LetterView } from './letter-view'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const REFUSED = 'The letter text is too long.'
const KEPT = 'Dear Mr Babbage,\n\nThe text I wrote on my phone.'

/** A finished letter of a signed-in user, with `marks` written onto its row as a pull would. */
async function letterWith(marks: Partial<Pick<Letter, 'editedElsewhereAt' | 'syncIssue'>>) {
  const { repo, db } = createTestRepository()
  await signUpWithLetters(repo, 'ada@example.com')
  const created = await repo.letters.create(SAMPLE_LETTER)
  await repo.letters.complete(created.id, { content: 'The current text.', generator: 'built-in' })
  await db.letters.update(created.id, marks)
  return { repo, id: created.id }
}

async function openLetter(marks: Parameters<typeof letterWith>[0]) {
  const { repo, id } = await letterWith(marks)
  await renderInRouter(
    <RepositoryProvider repository={repo}>
      <LetterView letterId={id} />
    </RepositoryProvider>,
  )
  await screen.findByRole('region', { name: 'Letter' })
  return { repo, id, user: userEvent.setup() }
}

describe('a letter edited on two devices', () => {
  it('says so, with when, and where the replaced text is', async () => {
    const at = '2026-11-22T11:30:00.000Z'
    await openLetter({ editedElsewhereAt: at })
    const note = screen.getByRole('note')
    expect(note).toHaveTextContent(
      'This letter was also edited on another device. The text it replaced is kept in Previous versions.',
    )
    expect(note).toHaveTextContent(formatDateTime(at))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows neither note nor alert on a letter without marks', async () => {
    await openLetter({})
    expect(screen.queryByRole('note')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('a change the server refused', () => {
  const issue = { code: 'INVALID_INPUT', message: REFUSED, at: '2026-11-22T12:00:00.000Z' }

  it('shows the refusal and the kept text, read-only', async () => {
    await openLetter({ syncIssue: { ...issue, content: KEPT } })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(`This change was not saved to your account: ${REFUSED}`)
    const kept = within(alert).getByRole('textbox')
    expect(kept).toHaveValue(KEPT)
    expect(kept).toHaveAttribute('readonly')
    expect(within(alert).getByRole('button', { name: 'Use this text' })).toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
  })

  it('Use this text opens the editor with it; saving makes it the letter and clears the mark', async () => {
    const { repo, id, user } = await openLetter({ syncIssue: { ...issue, content: KEPT } })
    await user.click(screen.getByRole('button', { name: 'Use this text' }))
    expect(screen.getByLabelText('Letter text')).toHaveValue(KEPT)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await vi.waitFor(async () => expect((await repo.letters.get(id)).syncIssue).toBeUndefined())
    const letter = await repo.letters.get(id)
    expect(letter.content).toBe(KEPT)
    expect(await repo.letters.listVersions(id)).toEqual([
      expect.objectContaining({ content: 'The current text.' }),
    ])
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    expect(screen.getByRole('region', { name: 'Letter' })).toHaveTextContent('The text I wrote')
  })

  it('Cancel in the editor keeps the letter and the mark as they were', async () => {
    const { repo, id, user } = await openLetter({ syncIssue: { ...issue, content: KEPT } })
    await user.click(screen.getByRole('button', { name: 'Use this text' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await repo.letters.get(id)).toMatchObject({
      content: 'The current text.',
      syncIssue: { message: REFUSED },
    })
    await user.click(screen.getByRole('button', { name: 'Edit Text' }))
    expect(screen.getByLabelText('Letter text')).toHaveValue('The current text.')
  })

  it('Dismiss removes the mark and leaves the letter as it is', async () => {
    const { repo, id, user } = await openLetter({ syncIssue: { ...issue, content: KEPT } })
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
    const letter = await repo.letters.get(id)
    expect(letter.syncIssue).toBeUndefined()
    expect(letter.content).toBe('The current text.')
  })

  it('offers only Dismiss when no text was kept', async () => {
    await openLetter({ syncIssue: issue })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent(`This change was not saved to your account: ${REFUSED}`)
    expect(within(alert).queryByRole('textbox')).not.toBeInTheDocument()
    expect(within(alert).queryByRole('button', { name: 'Use this text' })).not.toBeInTheDocument()
    expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument()
  })

  it('marks the letter in My Letters', async () => {
    const { repo, id } = await letterWith({ syncIssue: issue })
    const letter = await repo.letters.get(id)
    await renderInRouter(
      <RepositoryProvider repository={repo}>
        <LetterCard letter={letter} onRetry={() => undefined} />
        <LetterCard
          letter={{ ...letter, id: 'clean', syncIssue: undefined }}
          onRetry={() => undefined}
        />
      </RepositoryProvider>,
    )
    const [marked, clean] = screen.getAllByRole('article')
    expect(marked).toHaveTextContent('Not saved to your account')
    expect(clean).not.toHaveTextContent('Not saved to your account')
  })
})
