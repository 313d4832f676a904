// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { renderInRouter } from '../../../tests/support/render-in-router'
import { LetterView } from './letter-view'
import { trackingUser, writtenLetter } from './reply/reply-test-letters'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }))

const AI = 'openai-compatible:gpt-4o-mini'
// The answers give $2,400 (Desired Resolution) and #1843 (Matter/Subject); the rest is the model's own.
const TEXT =
  'Dear Mr Babbage,\n\nInvoice #1843 remains unpaid. Pay the $2,400 owed, plus a late fee of $350.00, ' +
  'under contract no. LX-7731 signed on March 3, 2025.\n\nYours faithfully,\nAda Lovelace'

async function openLetter(generator: string, content = TEXT) {
  const test = await trackingUser()
  const letter = await writtenLetter(test, { generator, content })
  await renderInRouter(
    <RepositoryProvider repository={test.repo}>
      <LetterView letterId={letter.id} />
    </RepositoryProvider>,
  )
  await screen.findByRole('region', { name: 'Letter' })
  return userEvent.setup()
}

const NOTICE = { name: 'Check before you send: these could not be traced to your answers:' }
const notice = () => screen.queryByRole('note', NOTICE)
/** The fact reader loads with the first AI letter opened, so the notice comes a moment later. */
const noticeShown = () => screen.findByRole('note', NOTICE)

describe('facts an AI engine wrote that no answer gives', () => {
  it('are listed before the Download button', async () => {
    await openLetter(AI)
    const shown = await noticeShown()
    const listed = within(shown)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(listed).toEqual(expect.arrayContaining(['$350.00', 'March 3, 2025']))
    expect(listed).not.toContain('$2,400')
    const download = screen.getByRole('button', { name: 'Download' })
    expect(shown.compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('go when the text no longer has them', async () => {
    const user = await openLetter(AI)
    expect(await noticeShown()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Edit Text' }))
    const field = screen.getByLabelText('Letter text')
    await user.clear(field)
    await user.type(field, 'Dear Mr Babbage,\n\nInvoice #1843 remains unpaid: pay the $2,400 owed.')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await screen.findByRole('button', { name: 'Download' })
    await vi.waitFor(() => expect(notice()).not.toBeInTheDocument())
    expect(screen.getByRole('region', { name: 'Letter' })).toHaveTextContent('pay the $2,400 owed.')
  })

  it('are not checked in a letter of the built-in engine, which writes only what it is given', async () => {
    await openLetter('built-in')
    // Let a fact reader that was wrongly asked for load and report, before looking.
    await act(async () => {
      await import('@/domain/letter-writing/traceability')
      await new Promise((resolve) => setTimeout(resolve, 50))
    })
    expect(notice()).not.toBeInTheDocument()
  })
})
