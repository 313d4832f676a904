// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import type { Repository } from '@/data/repository'
import { AppError } from '@/domain/errors'
import { formatDay } from '@/domain/letter-format'
import { saveFile } from '@/lib/save-file'
import { toast } from 'sonner'
import { renderInRouter } from '../../../../tests/support/render-in-router'
import { LetterView } from '../letter-view'
import { parseIcs, propertyOf, unescapeText } from './ics-test-parser'
import { dayFromToday, trackingUser, writtenLetter } from './reply-test-letters'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }))
vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }))

afterEach(() => vi.clearAllMocks())

async function openLetter(repo: Repository, letterId: string) {
  await renderInRouter(
    <RepositoryProvider repository={repo}>
      <LetterView letterId={letterId} />
    </RepositoryProvider>,
  )
  await screen.findByRole('region', { name: 'Letter' })
  return userEvent.setup()
}

const tracking = () => screen.getByRole('region', { name: 'Reply tracking' })
const toggle = (name: 'Reply received' | 'Resolved') =>
  within(tracking()).getByRole('button', { name })

describe('Reply tracking on the letter page', () => {
  it('shows the reply-by day written out and the letter awaiting its reply', async () => {
    const test = await trackingUser()
    const replyBy = dayFromToday(12)
    const letter = await writtenLetter(test, { replyBy })
    await openLetter(test.repo, letter.id)

    expect(tracking()).toHaveTextContent(`Reply by${formatDay(replyBy)}`)
    expect(tracking()).toHaveTextContent('Awaiting reply')
    expect(tracking()).toHaveTextContent('Reply due in 12 days')
    expect(toggle('Reply received')).toHaveAttribute('aria-pressed', 'false')
    expect(toggle('Resolved')).toHaveAttribute('aria-pressed', 'false')
  })

  it('records Reply received and Resolved in the repository, and a second press undoes one', async () => {
    const test = await trackingUser()
    const letter = await writtenLetter(test, { replyBy: dayFromToday(-3) })
    const user = await openLetter(test.repo, letter.id)
    const stored = async () => (await test.repo.letters.get(letter.id)).replyState

    await user.click(toggle('Reply received'))
    await vi.waitFor(() => expect(toggle('Reply received')).toHaveAttribute('aria-pressed', 'true'))
    expect(await stored()).toBe('received')
    expect(tracking()).toHaveTextContent('Reply received')
    expect(tracking()).not.toHaveTextContent('Overdue')

    await user.click(toggle('Resolved'))
    await vi.waitFor(() => expect(toggle('Resolved')).toHaveAttribute('aria-pressed', 'true'))
    expect(toggle('Reply received')).toHaveAttribute('aria-pressed', 'false')
    expect(await stored()).toBe('resolved')

    await user.click(toggle('Resolved'))
    await vi.waitFor(() => expect(toggle('Resolved')).toHaveAttribute('aria-pressed', 'false'))
    expect(await stored()).toBe('awaiting')
    expect(tracking()).toHaveTextContent('Overdue')
  })

  it('says why when the state cannot be recorded, and shows it unchanged', async () => {
    const test = await trackingUser()
    const letter = await writtenLetter(test, { replyBy: dayFromToday(-3) })
    const refusal = new AppError('INVALID_INPUT', 'Only some letters track a reply.')
    const refusing: Repository = {
      ...test.repo,
      letters: { ...test.repo.letters, setReplyState: () => Promise.reject(refusal) },
    }
    const user = await openLetter(refusing, letter.id)

    await user.click(toggle('Reply received'))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(refusal.message))
    expect(toggle('Reply received')).toHaveAttribute('aria-pressed', 'false')
    expect(tracking()).toHaveTextContent('Overdue')
    expect((await test.repo.letters.get(letter.id)).replyState).toBeUndefined()
  })

  it('follows a change made elsewhere, as another tab would make it', async () => {
    const test = await trackingUser()
    const letter = await writtenLetter(test, { replyBy: dayFromToday(2) })
    await openLetter(test.repo, letter.id)
    await test.repo.letters.setReplyState(letter.id, 'resolved')
    await vi.waitFor(() => expect(toggle('Resolved')).toHaveAttribute('aria-pressed', 'true'))
    expect(tracking()).toHaveTextContent('Resolved')
  })

  it('Add to calendar downloads the reply-by day as an iCalendar event', async () => {
    const test = await trackingUser()
    const replyBy = dayFromToday(9)
    const letter = await writtenLetter(test, { replyBy, matter: 'Rent; deposit, and keys' })
    const user = await openLetter(test.repo, letter.id)

    await user.click(within(tracking()).getByRole('button', { name: 'Add to calendar' }))
    expect(saveFile).toHaveBeenCalledTimes(1)
    const [blob, name] = vi.mocked(saveFile).mock.calls[0] ?? []
    expect(name).toBe(`reply-due-${replyBy}.ics`)
    expect(blob?.type).toBe('text/calendar;charset=utf-8')
    const event = parseIcs((await blob?.text()) ?? '').children[0]
    if (!event) throw new Error('no VEVENT')
    expect(propertyOf(event, 'UID').value).toBe(`${letter.id}@letterhead`)
    expect(propertyOf(event, 'DTSTART').value).toBe(replyBy.replaceAll('-', ''))
    expect(unescapeText(propertyOf(event, 'SUMMARY').value)).toBe(
      'Reply due: Rent; deposit, and keys',
    )
    expect(unescapeText(propertyOf(event, 'DESCRIPTION').value)).toContain(
      `Letter to ${letter.recipientName}`,
    )
  })
})

describe('Write follow-up on the letter page', () => {
  it('is offered on an overdue demand letter until its reply is recorded', async () => {
    const test = await trackingUser()
    const letter = await writtenLetter(test, { replyBy: dayFromToday(-1) })
    const user = await openLetter(test.repo, letter.id)

    const link = within(tracking()).getByRole('link', { name: 'Write follow-up' })
    const href = new URL(link.getAttribute('href') ?? '', 'http://letterhead.test')
    expect(Object.fromEntries(href.searchParams)).toEqual({ tab: 'generate', followUp: letter.id })

    await user.click(toggle('Reply received'))
    await vi.waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Write follow-up' })).not.toBeInTheDocument(),
    )
  })

  it('is not offered before the day, nor on other asking types', async () => {
    const test = await trackingUser()
    const early = await writtenLetter(test, { replyBy: dayFromToday(0) })
    const notice = await writtenLetter(test, { type: 'Legal Notice', replyBy: dayFromToday(-4) })
    for (const letter of [early, notice]) {
      await openLetter(test.repo, letter.id)
      expect(tracking()).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Write follow-up' })).not.toBeInTheDocument()
      cleanup()
    }
  })
})

describe('Letters without reply tracking', () => {
  it('have no Reply tracking, calendar or reply buttons anywhere on their page', async () => {
    const test = await trackingUser()
    const letters = [
      await writtenLetter(test, { type: 'Recommendation Letter' }),
      await writtenLetter(test, { type: 'Corporate Document' }),
      await writtenLetter(test, { replyBy: null }),
    ]
    for (const letter of letters) {
      await openLetter(test.repo, letter.id)
      expect(screen.queryByRole('region', { name: 'Reply tracking' })).not.toBeInTheDocument()
      for (const name of ['Add to calendar', 'Reply received', 'Resolved'])
        expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
      cleanup()
    }
  })
})
