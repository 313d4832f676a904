// @vitest-environment jsdom
import { act, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { fakeSync, SYNCED } from '../../tests/support/fake-sync'
import { renderInRouter } from '../../tests/support/render-in-router'
import { DashboardLayout } from './role-dashboard'
import { downloadText } from './sync-download-progress'
import { KEPT_ON_LETTER } from './sync-refusals'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

async function renderLayout(download: { received: number; total: number } | null) {
  const { repo } = createTestRepository()
  const user = await repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  const fake = fakeSync({ phase: 'syncing', pending: 0, download })
  const view = await renderInRouter(
    <RepositoryProvider repository={{ ...repo, sync: fake.sync }}>
      <DashboardLayout user={user}>
        <button type="button">Generate Legal Letter</button>
      </DashboardLayout>
    </RepositoryProvider>,
  )
  return { fake, view }
}

describe('the first download', () => {
  it('counts in US digits', () => {
    expect(downloadText({ received: 2400, total: 10000 })).toBe(
      'Downloading your letters… 2,400 of 10,000',
    )
    expect(downloadText({ received: 0, total: 1234567 })).toBe(
      'Downloading your letters… 0 of 1,234,567',
    )
  })

  it('shows its progress under the header without covering the dashboard', async () => {
    const { fake } = await renderLayout({ received: 2400, total: 10000 })
    expect(screen.getByText('Downloading your letters… 2,400 of 10,000')).toBeInTheDocument()
    const bar = screen.getByRole('progressbar', { name: 'Downloading your letters' })
    expect(bar).toHaveAttribute('value', '2400')
    expect(bar).toHaveAttribute('max', '10000')
    // Nothing modal: the dashboard stays usable while letters arrive.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Generate Legal Letter' })).toBeEnabled()

    act(() =>
      fake.publish({ phase: 'syncing', pending: 0, download: { received: 9000, total: 10000 } }),
    )
    expect(screen.getByText('Downloading your letters… 9,000 of 10,000')).toBeInTheDocument()
    act(() => fake.publish(SYNCED))
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
    expect(screen.queryByText(/Downloading your letters/)).not.toBeInTheDocument()
  })

  it('shows no bar when nothing is downloading', async () => {
    await renderLayout(null)
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument()
  })
})

describe('refused changes', () => {
  it('shows one error toast per refusal, saying when the text is kept on the letter', async () => {
    const { fake } = await renderLayout(null)
    act(() =>
      fake.refuse([
        {
          id: 7,
          code: 'INVALID_INPUT',
          message: 'The letter text is too long.',
          name: 'letters.editContent',
          letterId: 'letter-1',
        },
        {
          id: 8,
          code: 'INVALID_INPUT',
          message: 'That setting is not known.',
          name: 'settings.set',
        },
      ]),
    )
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2))
    expect(toast.error).toHaveBeenNthCalledWith(
      1,
      'The letter text is too long.',
      expect.objectContaining({ description: KEPT_ON_LETTER }),
    )
    expect(toast.error).toHaveBeenNthCalledWith(
      2,
      'That setting is not known.',
      expect.objectContaining({ description: undefined }),
    )
    expect(KEPT_ON_LETTER).toMatch(/kept on the letter/)
  })

  it('stops listening when the dashboard goes', async () => {
    const { fake, view } = await renderLayout(null)
    expect(fake.listening().refused).toBe(1)
    view.unmount()
    expect(fake.listening()).toEqual({ status: 0, refused: 0 })
  })
})
