import './page-globals'
import 'fake-indexeddb/auto'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { Toaster } from 'sonner'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createQueryClient, QueryProvider } from '@/data/query-client'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import type { ApiUser } from '@/domain/api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { formatCents } from '@/domain/money'
import { payoutCsvPath } from '@/domain/money-api'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import type { AdminSearch } from '@/features/admin/admin-search'
import { formatDateTime } from '@/lib/format-date'
import { setupTestServer, signedUp } from '../../server/test-support/test-server'
import { polyfillDialog } from '../support/dialog-polyfill'
import type { Device } from '../sync/support/device'
import { commissionCents, pastRefundWindow, saleWithCode } from './money-support'
import { adminDevice } from './support'

/**
 * The admin's refunds and payouts on the server-mode dashboard, against the
 * real server: a purchase refunded from its row, and a payout recorded from
 * the employees' tab with what to pay whom and its CSV (DESIGN.md §8).
 */

const server = setupTestServer()
configure({ asyncUtilTimeout: 5_000 })
polyfillDialog()
let employee: ApiUser
let admin: Device
let refunded: { email: string; subscriptionId: string }
let kept: { email: string; subscriptionId: string }

beforeAll(async () => {
  employee = (await signedUp(server().app, 'employee')).user
  const code = employee.couponCode ?? ''
  refunded = await saleWithCode(server().app, code)
  kept = await saleWithCode(server().app, code)
  admin = await adminDevice(server().app)
})
afterEach(() => {
  cleanup()
  admin.network.online = true
  delete admin.faults.before
})

function renderDashboard(repository: Repository, start: AdminSearch) {
  function Harness() {
    const [search, setSearch] = useState<AdminSearch>(start)
    return <AdminDashboard search={search} onSearchChange={setSearch} />
  }
  render(
    <RepositoryProvider repository={repository}>
      <QueryProvider client={createQueryClient()}>
        <Harness />
        <Toaster />
      </QueryProvider>
    </RepositoryProvider>,
  )
  return userEvent.setup()
}

const refundButton = (email: string) =>
  screen.queryByRole('button', { name: `Refund Annual 4 Letters for ${email}` })
const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email) })
const earlierPayouts = async () =>
  within(await screen.findByRole('region', { name: 'Earlier payouts' }))

describe("the admin's money on the server-mode dashboard", () => {
  it('says there is nothing to pay while every commission is within its refund window', async () => {
    const user = renderDashboard(admin.repo, { tab: 'employees' })
    expect(
      await (await earlierPayouts()).findByText('No payouts recorded yet.'),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Record Payout' }))
    const dialog = screen.getByRole('dialog', { name: 'Record a payout?' })
    expect(dialog).toHaveTextContent(/Every approved commission/)
    await user.click(within(dialog).getByRole('button', { name: 'Record Payout' }))
    expect(await screen.findByText(/^Nothing to pay/)).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Download payout CSV' })).toBeNull()
    // It paid no one: there is no payout to find again.
    expect((await earlierPayouts()).getByText('No payouts recorded yet.')).toBeInTheDocument()
  })

  it('refunds a purchase from its row, says what was done, and offers no second refund', async () => {
    const user = renderDashboard(admin.repo, { tab: 'subscriptions' })
    const button = await screen.findByRole('button', {
      name: `Refund Annual 4 Letters for ${refunded.email}`,
    })
    await user.click(button)
    const dialog = screen.getByRole('dialog', { name: 'Refund this purchase?' })
    expect(dialog).toHaveTextContent('$239.20 goes back to the card it was paid with.')
    expect(dialog).toHaveTextContent(/not yet used are withdrawn/)
    expect(dialog).toHaveTextContent(
      /commission is voided, or taken back if it has already been paid/,
    )
    // The refund is held on its way, to see the dialog wait for it.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    admin.faults.before = (path) => (path.endsWith('/refund') ? held : undefined)
    await user.click(within(dialog).getByRole('button', { name: 'Refund $239.20' }))
    expect(await within(dialog).findByRole('button', { name: 'Refunding…' })).toBeDisabled()
    expect(button).toBeDisabled()
    release()

    expect(
      await screen.findByText('Refunded $239.20; 4 unused letters withdrawn; commission voided'),
    ).toBeInTheDocument()
    await within(rowOf(refunded.email)).findByText('Refunded')
    expect(refundButton(refunded.email)).toBeNull()
    // The other purchase stands, and can still be refunded.
    expect(within(rowOf(kept.email)).queryByText('Refunded')).toBeNull()
    expect(refundButton(kept.email)).toBeEnabled()
    // Total Revenue is what was kept: paid, less what the refund gave back, which it names.
    const revenue = within(screen.getByRole('group', { name: 'Total Revenue' }))
    expect(await revenue.findByText('$239.20')).toBeInTheDocument()
    expect(revenue.getByText('after $239.20 refunded')).toBeInTheDocument()
  })

  it('shows why a refund failed, in the dialog, and refunds nothing', async () => {
    const user = renderDashboard(admin.repo, { tab: 'subscriptions' })
    await user.click(
      await screen.findByRole('button', { name: `Refund Annual 4 Letters for ${kept.email}` }),
    )
    admin.network.online = false
    const dialog = screen.getByRole('dialog', { name: 'Refund this purchase?' })
    await user.click(within(dialog).getByRole('button', { name: 'Refund $239.20' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.ADMIN_NEEDS_CONNECTION,
    )
    expect(within(dialog).getByRole('button', { name: 'Refund $239.20' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(rowOf(kept.email)).queryByText('Refunded')).toBeNull()
  })

  it('records a payout of the approved commissions, with what to pay whom and its CSV', async () => {
    // Both sales pass their refund window; the refunded one's commission was voided.
    await pastRefundWindow(server().database)
    const cents = formatCents(await commissionCents(server().database, kept.subscriptionId))
    const user = renderDashboard(admin.repo, { tab: 'employees' })
    // The earlier payouts are read before this one, and read again after it.
    expect(
      await (await earlierPayouts()).findByText('No payouts recorded yet.'),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Record Payout' }))
    const dialog = screen.getByRole('dialog', { name: 'Record a payout?' })
    await user.click(within(dialog).getByRole('button', { name: 'Record Payout' }))

    const summary = within(await screen.findByRole('region', { name: 'Payout recorded' }))
    expect(summary.getByRole('status')).toHaveTextContent(`Pay ${cents} to 1 employee.`)
    const line = within(summary.getByRole('listitem'))
    expect(line.getByText(employee.fullName)).toBeInTheDocument()
    expect(line.getByText(employee.email)).toBeInTheDocument()
    expect(line.getByText('1 commission')).toBeInTheDocument()
    expect(line.getByText(cents)).toBeInTheDocument()

    const link = summary.getByRole('link', { name: 'Download payout CSV' })
    expect(link).toHaveAttribute('download')
    const href = link.getAttribute('href') ?? ''
    expect(href).toMatch(/^\/api\/admin\/payouts\/[0-9a-f-]{36}\.csv$/)
    // The link downloads, with the admin's session, the same lines.
    const csv = (await (await admin.transport.fetch(href)).text()).trim().split('\r\n')
    expect(csv).toHaveLength(2)
    expect(csv[1]).toContain(employee.email)
    expect(csv[1]).toContain(cents)

    // The payout is listed among the earlier ones, with the same CSV.
    const listedName = `Download CSV of the payout of ${formatDateTime(server().clock.now().toISOString())}`
    const listed = await (await earlierPayouts()).findByRole('link', { name: listedName })
    expect(listed).toHaveAttribute('download')
    expect(listed).toHaveAttribute('href', href)
    const item = within(listed.closest('li') ?? listed)
    expect(item.getByText(cents)).toBeInTheDocument()
    expect(item.getByText('1 employee, 1 commission')).toBeInTheDocument()
    expect((await earlierPayouts()).queryByText('No payouts recorded yet.')).toBeNull()

    // Away from the tab and back, the summary is gone but the payout is still found.
    await user.click(screen.getByRole('tab', { name: 'Users' }))
    await screen.findByRole('table', { name: /Users/ })
    expect(screen.queryByRole('region', { name: 'Earlier payouts' })).toBeNull()
    await user.click(screen.getByRole('tab', { name: 'Employees' }))
    expect(await (await earlierPayouts()).findByRole('link', { name: listedName })).toHaveAttribute(
      'href',
      href,
    )
    expect(screen.queryByRole('region', { name: 'Payout recorded' })).toBeNull()
  })

  it('finds earlier payouts again on a dashboard opened later', async () => {
    const [payout] = await admin.repo.serverAdmin.listPayouts()
    if (!payout) throw new Error('No payout was recorded')
    renderDashboard(admin.repo, { tab: 'employees' })
    const link = await (
      await earlierPayouts()
    ).findByRole('link', {
      name: `Download CSV of the payout of ${formatDateTime(payout.createdAt)}`,
    })
    expect(link).toHaveAttribute('href', payoutCsvPath(payout.payoutId))
  })

  it('says why the earlier payouts could not be read, and reads them again on Try Again', async () => {
    admin.network.online = false
    const user = renderDashboard(admin.repo, { tab: 'employees' })
    const list = await earlierPayouts()
    expect(await list.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.ADMIN_NEEDS_CONNECTION)
    admin.network.online = true
    await user.click(list.getByRole('button', { name: 'Try Again' }))
    expect(await list.findByRole('link', { name: /^Download CSV of the payout of / })).toBeVisible()
    expect(list.queryByRole('alert')).toBeNull()
  })
})
