// @vitest-environment jsdom
import { createHash } from 'node:crypto'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { renderInRouter } from '../../../tests/support/render-in-router'
import { LetterView } from './letter-view'
import { trackingUser, writtenLetter } from './reply/reply-test-letters'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }))

/** SHA-256 by Node, apart from the app's WebCrypto code, in the groups of eight the page prints. */
const sha256Grouped = (text: string) =>
  (createHash('sha256').update(text, 'utf8').digest('hex').match(/.{8}/g) ?? []).join(' ')

// Ends in a line break and a space, which the fingerprint covers as it covers every character.
const TEXT = 'Dear Mr Babbage,\n\nPlease pay the £2,400 owed — by return.\n\nÅda\n '

async function openLetter() {
  const test = await trackingUser()
  const letter = await writtenLetter(test, { content: TEXT })
  await renderInRouter(
    <RepositoryProvider repository={test.repo}>
      <LetterView letterId={letter.id} />
    </RepositoryProvider>,
  )
  await screen.findByRole('region', { name: 'Letter' })
  return { ...test, letter, user: userEvent.setup() }
}

const fingerprint = () => screen.getByRole('region', { name: 'Fingerprint (SHA-256)' })

describe('the letter’s fingerprint', () => {
  it('is the SHA-256 of the letter’s text, with what it is for', async () => {
    await openLetter()
    await vi.waitFor(() => expect(fingerprint()).toHaveTextContent(sha256Grouped(TEXT)))
    expect(fingerprint()).toHaveTextContent(
      'The SHA-256 of this letter’s text, printed in the PDF’s footer, so you can later show what was sent.',
    )
  })

  it('follows the text when it is edited', async () => {
    const { user } = await openLetter()
    await vi.waitFor(() => expect(fingerprint()).toHaveTextContent(sha256Grouped(TEXT)))
    await user.click(screen.getByRole('button', { name: 'Edit Text' }))
    await user.type(screen.getByLabelText('Letter text'), ' PS.')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await vi.waitFor(() => expect(fingerprint()).toHaveTextContent(sha256Grouped(`${TEXT} PS.`)))
    expect(fingerprint()).not.toHaveTextContent(sha256Grouped(TEXT))
  })

  it('Copy Fingerprint puts the hex on the clipboard', async () => {
    const { user } = await openLetter()
    // userEvent gives the page a clipboard of its own; read back what the button wrote there.
    await vi.waitFor(() => expect(fingerprint()).toHaveTextContent(sha256Grouped(TEXT)))
    await user.click(within(fingerprint()).getByRole('button', { name: 'Copy Fingerprint' }))
    expect(await navigator.clipboard.readText()).toBe(
      createHash('sha256').update(TEXT, 'utf8').digest('hex'),
    )
    expect(within(fingerprint()).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })
})
