// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import { polyfillDialog } from '../../../tests/support/dialog-polyfill'
import { ACCOUNT_DELETED } from './delete-account-dialog'
import { YourData } from './your-data'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

beforeEach(() => {
  vi.clearAllMocks()
  polyfillDialog()
})

/** Your Data for an account on this device, with the real repository on fake-indexeddb. */
async function renderYourData() {
  const test = createTestRepository()
  const user = await test.repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'correct horse',
    role: 'user',
  })
  const onAccountDeleted = vi.fn()
  render(
    <RepositoryProvider repository={test.repo}>
      <YourData onAccountDeleted={onAccountDeleted} />
    </RepositoryProvider>,
  )
  return { ...test, user, onAccountDeleted, events: userEvent.setup() }
}

describe('Your Data', () => {
  it('downloads the account as letterhead-data-DATE.json', async () => {
    const { events } = await renderYourData()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:account')
    URL.revokeObjectURL = vi.fn()
    await events.click(screen.getByRole('button', { name: 'Download My Data' }))
    expect(toast.error).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(saved).toHaveLength(1))
    expect(saved).toEqual(['letterhead-data-2026-11-22.json'])
    expect(toast.success).toHaveBeenCalledWith(
      'Your data was downloaded as letterhead-data-2026-11-22.json.',
    )
  })

  it(
    'asks the password, refuses a wrong one in the dialog, then deletes and signs out',
    {
      timeout: 60_000,
    },
    async () => {
      const { events, repo, onAccountDeleted } = await renderYourData()
      await events.click(screen.getByRole('button', { name: 'Delete Account' }))
      const dialog = screen.getByRole('dialog', { name: 'Delete your account?' })
      expect(within(dialog).getByText('your letters and their earlier versions')).toBeVisible()

      await events.click(within(dialog).getByRole('button', { name: 'Delete My Account' }))
      expect(within(dialog).getByText('Password is required')).toBeVisible()
      await events.type(within(dialog).getByLabelText('Password'), 'wrong horse')
      await events.click(within(dialog).getByRole('button', { name: 'Delete My Account' }))
      const refused = await within(dialog).findByText(ERROR_MESSAGES.WRONG_CURRENT_PASSWORD)
      expect(refused).toHaveAttribute('role', 'alert')
      expect(await repo.auth.currentUser()).not.toBeNull()

      await events.clear(within(dialog).getByLabelText('Password'))
      await events.type(within(dialog).getByLabelText('Password'), 'correct horse')
      await events.click(within(dialog).getByRole('button', { name: 'Delete My Account' }))
      // The password is checked with 600,000 rounds of PBKDF2: slow on a busy machine.
      await vi.waitFor(() => expect(onAccountDeleted).toHaveBeenCalledOnce(), { timeout: 20_000 })
      expect(toast.success).toHaveBeenCalledWith(ACCOUNT_DELETED)
      expect(await repo.auth.currentUser()).toBeNull()
    },
  )

  it('cancels without deleting anything', async () => {
    const { events, repo, onAccountDeleted } = await renderYourData()
    await events.click(screen.getByRole('button', { name: 'Delete Account' }))
    await events.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onAccountDeleted).not.toHaveBeenCalled()
    expect(await repo.auth.currentUser()).not.toBeNull()
  })
})
