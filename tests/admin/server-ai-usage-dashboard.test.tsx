import './page-globals'
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createQueryClient, QueryProvider } from '@/data/query-client'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import type { AdminSearch } from '@/features/admin/admin-search'
import type { MockReply } from '../support/mock-openai-server'
import { generate, setupAiTestServer, usageOf } from '../../server/test-support/ai-test-server'
import { newLetter, SyncDevice } from '../../server/test-support/sync-device'
import { signedUp } from '../../server/test-support/test-server'
import { adminDevice, customerDevice } from './support'

/**
 * The AI Usage tab of the admin dashboard in server mode, against the real
 * server whose AI is the local mock model: letters written (and failed)
 * through POST /api/ai/generate, then read back per day and per user through
 * GET /api/admin/ai-usage, for the period the admin chooses (decision 031).
 */

const server = setupAiTestServer()
configure({ asyncUtilTimeout: 5_000 })
afterEach(() => cleanup())

const DAY_MS = 86_400_000

function renderDashboard(repository: Repository, start: AdminSearch) {
  const searches: AdminSearch[] = []
  function Harness() {
    const [search, setSearch] = useState<AdminSearch>(start)
    return (
      <AdminDashboard
        search={search}
        onSearchChange={(next) => {
          searches.push(next)
          setSearch(next)
        }}
      />
    )
  }
  render(
    <RepositoryProvider repository={repository}>
      <QueryProvider client={createQueryClient()}>
        <Harness />
      </QueryProvider>
    </RepositoryProvider>,
  )
  return { user: userEvent.setup(), searches }
}

/** A customer whose letter the server's AI writes (or fails to) once for each reply. */
async function customerWritingWithAi(replies: MockReply[]) {
  const { app, mock, clock } = server()
  const account = await signedUp(app)
  const device = new SyncDevice(app, account.cookie)
  const letter = newLetter({ createdAt: clock.now().toISOString() })
  await device.push(device.mutation('letters.create', { letter }))
  for (const reply of replies) {
    mock.queue(reply)
    const response = await generate(app, account.cookie, { letterId: letter.id })
    expect(response.statusCode).toBe(200)
  }
  return account.user
}

const written = (prompt: number, completion: number): MockReply => ({
  kind: 'letter',
  usage: { prompt_tokens: prompt, completion_tokens: completion },
})

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent)
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
const number = (value: number) => value.toLocaleString('en-US')

describe('AI usage on the admin dashboard in server mode', () => {
  it('is the seventh tab, and says so when the AI was not used in the period', async () => {
    const admin = await adminDevice(server().app)
    renderDashboard(admin.repo, {})
    const tabs = await screen.findAllByRole('tab')
    await waitFor(() => expect(screen.getAllByRole('tab')).toHaveLength(7))
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Employees',
      'Letters',
      'Subscriptions',
      'Messages',
      'Errors',
      'AI Usage',
    ])
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    cleanup()

    renderDashboard(admin.repo, { tab: 'ai-usage' })
    expect(await screen.findByText('No AI usage in this period')).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'AI Usage' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: 'AI Usage' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it("shows the period's days and its heaviest users, and a shorter period leaves older ones out", async () => {
    const { clock, database } = server()
    // Ten days before the others: inside the last 30 days, outside the last 7.
    const earlier = await customerWritingWithAi([written(3_000, 2_000)])
    const earlierDay = clock.now().toISOString().slice(0, 10)
    clock.advance(10 * DAY_MS)
    const heavy = await customerWritingWithAi([written(2_000, 1_500), written(2_000, 1_500)])
    const failing = await customerWritingWithAi([
      { kind: 'status', status: 500, message: 'the model fell over' },
      written(100, 100),
    ])
    // The failed attempt's tokens are the server's estimate of the prompt it sent.
    const failed = (await usageOf(database, failing.id)).find(
      (row) => row.outcome === 'upstream_error',
    )
    if (!failed) throw new Error('The failed attempt was not recorded')
    const admin = await adminDevice(server().app)

    const { user, searches } = renderDashboard(admin.repo, { tab: 'ai-usage' })
    const days = await screen.findByRole('table', { name: /^AI usage per day/ })
    expect(days).toHaveAccessibleName('AI usage per day, sorted by Day, descending')
    // The period: thirty UTC days, today's included.
    expect(screen.getByText('Nov 6, 2026')).toHaveAttribute('dateTime', '2026-11-06')
    expect(within(days).queryByText('Dec 4, 2026')).toBeNull()
    expect(bodyRows(days).map(cellsOf)).toEqual([
      ['Dec 5, 2026', '4', '3', '1', '0', '0', number(4_100 + failed.tokens_in), number(3_100)],
      ['Nov 25, 2026', '1', '1', '0', '0', '0', '3,000', '2,000'],
    ])
    expect(within(days).getByText('Nov 25, 2026')).toHaveAttribute('dateTime', earlierDay)

    const users = screen.getByRole('table', { name: /^Top users/ })
    expect(bodyRows(users).map(cellsOf)).toEqual([
      [`${heavy.fullName}${heavy.email}`, '2', '2', '0', '0', '0', '4,000', '3,000'],
      [`${earlier.fullName}${earlier.email}`, '1', '1', '0', '0', '0', '3,000', '2,000'],
      [
        `${failing.fullName}${failing.email}`,
        '2',
        '1',
        '1',
        '0',
        '0',
        number(100 + failed.tokens_in),
        '100',
      ],
    ])
    const total = (label: string) =>
      screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(total('Letters written')).toBe('4')
    expect(total('Failures')).toBe('1')
    expect(total('Tokens out')).toBe('5,100')

    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }))
    expect(searches.at(-1)).toEqual({ tab: 'ai-usage', days: 7 })
    expect(await screen.findByText('Nov 29, 2026')).toHaveAttribute('dateTime', '2026-11-29')
    expect(bodyRows(screen.getByRole('table', { name: /^AI usage per day/ }))).toHaveLength(1)
    const shorter = bodyRows(screen.getByRole('table', { name: /^Top users/ }))
    expect(shorter.map((row) => cellsOf(row)[0])).toEqual([
      `${heavy.fullName}${heavy.email}`,
      `${failing.fullName}${failing.email}`,
    ])
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked()
  })

  it('tells someone who is not an admin that the server refused them', async () => {
    const { device } = await customerDevice(server().app, 'Nosy Customer')
    renderDashboard(device.repo, { tab: 'ai-usage' })
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.ADMIN_ONLY)
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument()
    expect(screen.queryByText('No AI usage in this period')).toBeNull()
  })
})

describe('the AI usage read from the server through the repository', () => {
  it('refuses a period the server could not answer, and offline sends nothing', async () => {
    const admin = await adminDevice(server().app)
    const asked = admin.faults.log.length
    await expect(admin.repo.serverAdmin.aiUsage(0)).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: 'days must be a whole number from 1 to 366',
    })
    admin.network.online = false
    await expect(admin.repo.serverAdmin.aiUsage(7)).rejects.toMatchObject({
      code: 'ADMIN_NEEDS_CONNECTION',
    })
    expect(admin.faults.log).toHaveLength(asked)
  })
})
