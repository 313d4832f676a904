// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import type { Repository } from '@/data/repository'
import { renderInRouter } from '../../../../tests/support/render-in-router'
import { MyLetters } from '../my-letters'
import { dayFromToday, trackingUser, writtenLetter } from './reply-test-letters'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }))

const ANY_REPLY_LABEL = /Reply due|Due today|Overdue|Reply received|Resolved/

async function showMyLetters(repo: Repository) {
  await renderInRouter(
    <RepositoryProvider repository={repo}>
      <MyLetters page={1} onPageChange={() => undefined} />
    </RepositoryProvider>,
  )
}

const card = (matter: string) => screen.findByRole('article', { name: matter })

describe('My Letters, a letter awaiting its reply', () => {
  it('says how many days are left, that it is due today, or that it is overdue', async () => {
    const test = await trackingUser()
    await writtenLetter(test, { matter: 'In five days', replyBy: dayFromToday(5) })
    await writtenLetter(test, { matter: 'Tomorrow', replyBy: dayFromToday(1) })
    await writtenLetter(test, { matter: 'Today', replyBy: dayFromToday(0) })
    await writtenLetter(test, { matter: 'Last week', replyBy: dayFromToday(-7) })
    await showMyLetters(test.repo)

    expect(await card('In five days')).toHaveTextContent('Reply due in 5 days')
    expect(await card('Tomorrow')).toHaveTextContent('Reply due in 1 day')
    expect(await card('Today')).toHaveTextContent('Due today')
    const overdue = await card('Last week')
    expect(overdue).toHaveTextContent('Overdue')
    expect(overdue).not.toHaveTextContent('Reply due')
  })

  it('counts from the day the repository set: Reply Within 30 days by default', async () => {
    const test = await trackingUser()
    await writtenLetter(test, { matter: 'Fresh demand' })
    await showMyLetters(test.repo)
    expect(await card('Fresh demand')).toHaveTextContent('Reply due in 30 days')
  })
})

describe('My Letters, a letter whose reply has come', () => {
  it('says Reply received or Resolved instead of the deadline', async () => {
    const test = await trackingUser()
    await writtenLetter(test, {
      matter: 'Answered',
      replyBy: dayFromToday(-2),
      replyState: 'received',
    })
    await writtenLetter(test, {
      matter: 'Settled',
      type: 'Legal Notice',
      replyBy: dayFromToday(4),
      replyState: 'resolved',
    })
    await showMyLetters(test.repo)

    const answered = await card('Answered')
    expect(answered).toHaveTextContent('Reply received')
    expect(answered).not.toHaveTextContent('Overdue')
    const settled = await card('Settled')
    expect(settled).toHaveTextContent('Resolved')
    expect(settled).not.toHaveTextContent('Reply due')
  })
})

describe('My Letters, letters that track no reply', () => {
  it('shows nothing of it for recommendations, corporate documents and older letters', async () => {
    const test = await trackingUser()
    await writtenLetter(test, { matter: 'For Grace', type: 'Recommendation Letter' })
    await writtenLetter(test, { matter: 'Annual meeting', type: 'Corporate Document' })
    // Even a reply-by day on the row does not make a recommendation ask for a reply.
    await writtenLetter(test, {
      matter: 'Odd row',
      type: 'Recommendation Letter',
      replyBy: dayFromToday(-1),
    })
    await writtenLetter(test, { matter: 'From before tracking', replyBy: null })
    await showMyLetters(test.repo)

    for (const matter of ['For Grace', 'Annual meeting', 'Odd row', 'From before tracking']) {
      const letter = await card(matter)
      expect(letter).toHaveTextContent('Ready')
      expect(letter).not.toHaveTextContent(ANY_REPLY_LABEL)
    }
    expect(screen.queryByRole('link', { name: 'Write follow-up' })).not.toBeInTheDocument()
  })
})

describe('Write follow-up in My Letters', () => {
  it('is offered only on an overdue demand letter still awaiting its reply', async () => {
    const test = await trackingUser()
    const overdue = await writtenLetter(test, { matter: 'Unpaid', replyBy: dayFromToday(-1) })
    await writtenLetter(test, { matter: 'Due today', replyBy: dayFromToday(0) })
    await writtenLetter(test, {
      matter: 'Answered late',
      replyBy: dayFromToday(-5),
      replyState: 'received',
    })
    await writtenLetter(test, {
      matter: 'Overdue notice',
      type: 'Cease and Desist',
      replyBy: dayFromToday(-5),
    })
    await showMyLetters(test.repo)

    await card('Overdue notice')
    const links = screen.getAllByRole('link', { name: 'Write follow-up' })
    expect(links).toHaveLength(1)
    expect(await card('Unpaid')).toContainElement(links[0] ?? null)
    const href = new URL(links[0]?.getAttribute('href') ?? '', 'http://letterhead.test')
    expect(href.pathname).toBe('/app')
    expect(href.searchParams.get('tab')).toBe('generate')
    expect(href.searchParams.get('followUp')).toBe(overdue.id)
  })
})
