import './page-globals'
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import {
  cleanup,
  configure,
  fireEvent,
  render,
  screen,
  waitFor,
  within,
} from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createQueryClient, QueryProvider } from '@/data/query-client'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { ERROR_MESSAGES } from '@/domain/errors'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import type { AdminSearch } from '@/features/admin/admin-search'
import { setupTestServer } from '../../server/test-support/test-server'
import type { Device } from '../sync/support/device'
import { adminDevice, customerDevice, openShop, type Shop } from './support'

/**
 * The admin dashboard in server mode against the real server: the cards and
 * tables come from the server's admin API, paged by cursor, searched and
 * filtered there, and exported as CSV with the same filters (decision 027).
 */

const server = setupTestServer()
// Each answer comes from the server and its database, on a machine that may be busy.
configure({ asyncUtilTimeout: 5_000 })
let shop: Shop
let admin: Device

beforeAll(async () => {
  shop = await openShop(server())
  admin = await adminDevice(server().app)
})
afterEach(() => cleanup())

function renderDashboard(repository: Repository, start: AdminSearch = {}) {
  function Harness() {
    const [search, setSearch] = useState<AdminSearch>(start)
    return <AdminDashboard search={search} onSearchChange={setSearch} />
  }
  render(
    <RepositoryProvider repository={repository}>
      <QueryProvider client={createQueryClient()}>
        <Harness />
      </QueryProvider>
    </RepositoryProvider>,
  )
  return userEvent.setup()
}

const card = (name: string) => within(screen.getByRole('group', { name }))
const pager = () => within(screen.getByRole('navigation', { name: /pages$/ }))
const firstCells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent)
const newestPeople = (count: number) => shop.people.slice(-count).reverse()

describe('the admin dashboard in server mode', () => {
  it("shows the server's totals, not this device's", async () => {
    renderDashboard(admin.repo)
    // The cards are drawn at once and filled when the server answers.
    await waitFor(() => expect(card('Total Users').getByText('30')).toBeInTheDocument())
    expect(card('Employees').getByText('1')).toBeInTheDocument()
    expect(card('Total Letters').getByText('1')).toBeInTheDocument()
    expect(card('Total Revenue').getByText('$239.20')).toBeInTheDocument()
    // Device-only mode's demo data has no place here.
    expect(screen.queryByRole('button', { name: /Seed demo data/ })).toBeNull()
  })

  it('pages forward and back by cursor, without page numbers', async () => {
    const user = renderDashboard(admin.repo)
    expect(await screen.findByText('Showing 1–25')).toBeInTheDocument()
    expect(firstCells()).toEqual(['Cara Customer', ...newestPeople(24)])
    expect(within(screen.getByRole('row', { name: /Cara Customer/ })).getByText('1'))
    expect(pager().getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.queryByText(/Page \d/)).toBeNull()

    await user.click(pager().getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 26–30')).toBeInTheDocument()
    expect(firstCells()).toEqual(shop.people.slice(0, 5).reverse())
    expect(pager().getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(pager().getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Showing 1–25')).toBeInTheDocument()
    expect(firstCells()[0]).toBe('Cara Customer')
    expect(pager().getByRole('button', { name: 'Previous' })).toBeDisabled()
  })

  it('searches on the server after a pause in typing, from the first page', async () => {
    const user = renderDashboard(admin.repo)
    await screen.findByText('Showing 1–25')
    await user.click(pager().getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 26–30')

    await user.type(screen.getByLabelText('Search users'), 'PERSON 0')
    expect(await screen.findByText('Showing 1–9')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: /^Users matching “PERSON 0”/ })).toBeInTheDocument()
    expect(firstCells()).toEqual(shop.people.slice(0, 9).reverse())

    await user.clear(screen.getByLabelText('Search users'))
    await user.type(screen.getByLabelText('Search users'), 'nobody{Enter}')
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument()
    expect(screen.getByText('No rows')).toBeInTheDocument()
  })

  it('keeps rows from a day to a day, and exports what is shown as CSV', async () => {
    renderDashboard(admin.repo, { q: 'person' })
    await screen.findByText('Showing 1–25')
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-03' } })
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-05' } })
    await waitFor(() => expect(firstCells()).toEqual(['Person 05', 'Person 04', 'Person 03']))
    expect(screen.getByText('Showing 1–3')).toBeInTheDocument()

    const link = screen.getByRole('link', { name: 'Export CSV' })
    expect(link).toHaveAttribute('download')
    const href = link.getAttribute('href') ?? ''
    const url = new URL(href, 'http://letterhead.test')
    expect(url.pathname).toBe('/api/admin/users.csv')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'person',
      from: new Date(2026, 0, 3).toISOString(),
      to: new Date(new Date(2026, 0, 6).getTime() - 1).toISOString(),
    })
    // The link downloads, with the admin's session, the rows on screen.
    const csv = await (await admin.transport.fetch(href)).text()
    const names = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1])
    expect(names).toEqual(['Person 05', 'Person 04', 'Person 03'])
  })

  it('shows a purchase with its buyer and the discount in money and percent', async () => {
    const user = renderDashboard(admin.repo)
    await user.click(screen.getByRole('tab', { name: 'Subscriptions' }))
    const table = await screen.findByRole('table', { name: /^Subscriptions/ })
    const row = (await within(table).findAllByRole('row'))[1] as HTMLElement
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(0, 5)).toEqual([
      'Annual 4 Letters',
      shop.customer.email,
      '$239.20',
      '$59.80 (20%)',
      shop.employee.couponCode,
    ])
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/subscriptions.csv',
    )
  })

  it('tells someone who is not an admin that the server refused them', async () => {
    const { device } = await customerDevice(server().app, 'Nosy Customer')
    renderDashboard(device.repo)
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.ADMIN_ONLY)
    // The cards' own request is refused too; it may settle after the table's.
    expect(await card('Total Users').findByText('—')).toBeInTheDocument()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('lists letters newest first, the order said on the header rather than offered', async () => {
    const user = renderDashboard(admin.repo, { tab: 'letters' })
    const table = await screen.findByRole('table', { name: /Letters/ })
    expect(within(table).getByText('Unpaid invoice')).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Created' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
    expect(within(table).queryByRole('button')).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Errors' }))
    expect(await screen.findByText('No errors have been recorded.')).toBeInTheDocument()
  })
})
