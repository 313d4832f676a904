// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { SESSION_KEY } from '@/data/dexie/context'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import type { User } from '@/domain/types'
import { AdminDashboard } from './admin-dashboard'
import type { AdminSearch } from './admin-search'

const NAMES = ['Ada', 'Bea', 'Cy', 'Dov', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo']

function account(index: number): User {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()
  const name = `${NAMES[index % NAMES.length] ?? 'X'} ${String(index).padStart(2, '0')}`
  return {
    id: `u${index}`,
    email: `person${index}@example.com`,
    fullName: name,
    role: index === 0 ? 'admin' : 'user',
    createdAt,
    updatedAt: createdAt,
  }
}

async function renderDashboard() {
  const { repo, db } = createTestRepository()
  // 30 users and the admin; u30 is the newest.
  await db.users.bulkAdd(Array.from({ length: 31 }, (_, index) => account(index)))
  await db.users.update('u1', { fullName: 'Zed Quill' })
  await db.subscriptions.add({
    id: 's1',
    userId: 'u1',
    plan: 'single',
    priceCents: 23_920,
    discountCents: 5_980,
    discountPercent: 20,
    couponCode: 'EMPAAAAAA',
    letters: 1,
    lettersUsed: 0,
    expiresAt: null,
    idempotencyKey: 's1',
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
  })
  await db.session.put({ id: SESSION_KEY, userId: 'u0', signedInAt: '2026-01-01T00:00:00Z' })
  function Harness() {
    const [search, setSearch] = useState<AdminSearch>({})
    return <AdminDashboard search={search} onSearchChange={setSearch} />
  }
  render(
    <RepositoryProvider repository={repo}>
      <Harness />
    </RepositoryProvider>,
  )
  return { user: userEvent.setup(), db }
}

const header = (name: string) => screen.getByRole('columnheader', { name })
const firstCells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)

describe('admin dashboard', () => {
  it('shows the totals and pages through users 25 at a time', async () => {
    const { user } = await renderDashboard()
    expect(await within(screen.getByRole('group', { name: 'Total Users' })).findByText('30'))
    expect(within(screen.getByRole('group', { name: 'Total Revenue' })).getByText('$239.20'))
    expect(await screen.findByText('Showing 1–25 of 30')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(firstCells()[0]).toBe('Ada 30')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(firstCells()).toEqual(['Fay 05', 'Eli 04', 'Dov 03', 'Cy 02', 'Zed Quill'])
  })

  it('sorts from the column headers, toggling aria-sort, and back to page 1', async () => {
    const { user } = await renderDashboard()
    await screen.findByText('Showing 1–25 of 30')
    expect(header('Joined')).toHaveAttribute('aria-sort', 'descending')
    expect(header('Name')).not.toHaveAttribute('aria-sort')
    expect(header('Letters')).not.toHaveAttribute('aria-sort')
    expect(within(header('Letters')).queryByRole('button')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 2')

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument()
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending')
    expect(header('Joined')).not.toHaveAttribute('aria-sort')
    expect(firstCells().slice(0, 3)).toEqual(['Ada 10', 'Ada 20', 'Ada 30'])

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }))
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'))
    expect(firstCells()[0]).toBe('Zed Quill')
  })

  it('searches after a pause in typing, from page 1, and says when nothing matches', async () => {
    const { user } = await renderDashboard()
    await screen.findByText('Showing 1–25 of 30')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Page 2 of 2')

    await user.type(screen.getByLabelText('Search users'), 'ZED')
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument()
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument()
    expect(firstCells()).toEqual(['Zed Quill'])

    await user.clear(screen.getByLabelText('Search users'))
    await user.type(screen.getByLabelText('Search users'), 'nobody{Enter}')
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument()
    expect(screen.getByText('No rows')).toBeInTheDocument()
  })

  it('shows a purchase with its plan, buyer and discount in money and percent', async () => {
    const { user } = await renderDashboard()
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }))
    const table = await screen.findByRole('table', { name: /Subscriptions/ })
    const row = (await within(table).findAllByRole('row'))[1]
    expect(row).toBeDefined()
    const cells = within(row as HTMLElement)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(0, 5)).toEqual([
      'Single Letter',
      'person1@example.com',
      '$239.20',
      '$59.80 (20%)',
      'EMPAAAAAA',
    ])
    expect(screen.getByRole('tab', { name: 'Subscriptions' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  })

  it('says so when a table is empty', async () => {
    const { user } = await renderDashboard()
    await user.click(screen.getByRole('tab', { name: 'Errors' }))
    expect(await screen.findByText('No errors have been recorded.')).toBeInTheDocument()
    expect(screen.getByLabelText('Search errors')).toBeInTheDocument()
  })
})
