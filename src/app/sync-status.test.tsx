// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Repository, SyncStatus } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { fakeSync, SYNCED } from '../../tests/support/fake-sync'
import { renderInRouter } from '../../tests/support/render-in-router'
import { DashboardHeader } from './dashboard-header'

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }))

afterEach(() => vi.restoreAllMocks())

async function renderHeader(serverStatus?: SyncStatus) {
  const { repo } = createTestRepository()
  const user = await repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  const fake = serverStatus ? fakeSync(serverStatus) : null
  const repository: Repository = fake ? { ...repo, sync: fake.sync } : repo
  await renderInRouter(
    <RepositoryProvider repository={repository}>
      <DashboardHeader user={user} />
    </RepositoryProvider>,
  )
  return { header: screen.getByRole('banner'), fake }
}

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
  act(() => void window.dispatchEvent(new Event('offline')))
}

describe('the header in server mode', () => {
  it.each([
    [{ phase: 'synced', pending: 0 }, 'Synced'],
    [{ phase: 'syncing', pending: 0 }, 'Syncing…'],
    [{ phase: 'syncing', pending: 2 }, 'Syncing…'],
    [{ phase: 'offline', pending: 0 }, 'Offline'],
    [{ phase: 'offline', pending: 5 }, 'Offline'],
    [{ phase: 'synced', pending: 3 }, '3 changes waiting'],
    [{ phase: 'retrying', pending: 0 }, 'Offline'],
    [{ phase: 'retrying', pending: 2 }, '2 changes waiting'],
    [{ phase: 'update-required', pending: 4 }, '4 changes waiting'],
  ] as const)('shows %o as exactly "%s", explained in its tooltip', async (state, text) => {
    const { header } = await renderHeader({ ...state, download: null })
    const status = within(header).getByRole('status')
    expect(status.textContent).toBe(text)
    expect(status.getAttribute('title')).toMatch(/^\S.{20,}\.$/)
  })

  it('follows the status as it changes', async () => {
    const { header, fake } = await renderHeader({ phase: 'syncing', pending: 1, download: null })
    expect(within(header).getByRole('status')).toHaveTextContent('Syncing…')
    act(() => fake?.publish(SYNCED))
    expect(within(header).getByRole('status').textContent).toBe('Synced')
    act(() => fake?.publish({ phase: 'offline', pending: 2, download: null }))
    expect(within(header).getByRole('status').textContent).toBe('Offline')
  })

  it('shows one status only, even while the browser is offline', async () => {
    const { header } = await renderHeader(SYNCED)
    goOffline()
    const statuses = within(header).getAllByRole('status')
    expect(statuses).toHaveLength(1)
    expect(statuses[0]?.textContent).toBe('Synced')
  })
})

describe('the header in device-only mode', () => {
  it('keeps the offline badge and shows no sync status', async () => {
    const { header } = await renderHeader()
    expect(within(header).queryByRole('status')).not.toBeInTheDocument()
    goOffline()
    const status = within(header).getByRole('status')
    expect(status.textContent).toBe('Offline')
    expect(status).toHaveAttribute(
      'title',
      'You are offline. Letterhead keeps working and saves everything on this device.',
    )
    expect(within(header).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument()
  })
})
