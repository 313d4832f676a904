// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Repository, SyncRepository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { polyfillDialog } from '../../../tests/support/dialog-polyfill'
import { fakeSync, SYNCED } from '../../../tests/support/fake-sync'
import { useSessionStore } from './session-store'
import { SignOutButton } from './sign-out-button'

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }))

const REMOVE = 'Sign out and remove data from this device'

beforeAll(polyfillDialog)
beforeEach(() => vi.clearAllMocks())
afterEach(() => vi.restoreAllMocks())

/** Signed in in server mode, with `pending` changes waiting that `syncNow` may or may not upload. */
async function serverMode(pending: number, overrides: Partial<SyncRepository> = {}) {
  const { repo } = createTestRepository()
  const user = await repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  useSessionStore.getState().setUser(user)
  const fake = fakeSync({ ...SYNCED, pending }, overrides)
  const signOut = vi.fn(repo.auth.signOut)
  const repository: Repository = { ...repo, auth: { ...repo.auth, signOut }, sync: fake.sync }
  const onSignedOut = vi.fn()
  render(
    <RepositoryProvider repository={repository}>
      <SignOutButton onSignedOut={onSignedOut} />
    </RepositoryProvider>,
  )
  const user$ = userEvent.setup()
  await user$.click(screen.getByRole('button', { name: 'Sign Out' }))
  const dialog = screen.getByRole('dialog', { name: 'Sign out of Letterhead?' })
  return { repo, signOut, onSignedOut, sync: fake.sync, dialog, user: user$ }
}

describe('sign out in device-only mode', () => {
  it('signs out at once, without asking', async () => {
    const { repo } = createTestRepository()
    useSessionStore.getState().setUser(
      await repo.auth.signUp({
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'password123',
        role: 'user',
      }),
    )
    const signOut = vi.fn(repo.auth.signOut)
    const onSignedOut = vi.fn()
    render(
      <RepositoryProvider repository={{ ...repo, auth: { ...repo.auth, signOut } }}>
        <SignOutButton onSignedOut={onSignedOut} />
      </RepositoryProvider>,
    )
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }))
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce())
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signOut).toHaveBeenCalledExactlyOnceWith()
  })
})

describe('sign out in server mode', () => {
  it('asks first, and explains both choices', async () => {
    const { dialog, signOut, sync } = await serverMode(0)
    expect(signOut).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(sync.pendingChanges).toHaveBeenCalled())
    expect(dialog).toHaveTextContent(/letters stay in your account/)
    expect(dialog).toHaveTextContent(/shared or borrowed device/)
    expect(dialog).not.toHaveTextContent(/not reached the server/)
    for (const name of ['Sign out', REMOVE, 'Cancel'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument()
  })

  it('Sign out keeps the data on this device', async () => {
    const { dialog, signOut, onSignedOut, repo, user } = await serverMode(0)
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce())
    expect(signOut).toHaveBeenCalledExactlyOnceWith()
    expect(useSessionStore.getState().user).toBeNull()
    expect(await repo.auth.currentUser()).toBeNull()
  })

  it('removes the data when nothing is waiting', async () => {
    const { dialog, signOut, onSignedOut, sync, user } = await serverMode(0)
    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce())
    expect(signOut).toHaveBeenCalledExactlyOnceWith({ removeData: true })
    expect(sync.syncNow).not.toHaveBeenCalled()
  })

  it('Cancel leaves everyone signed in', async () => {
    const { dialog, signOut, onSignedOut, user } = await serverMode(2)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(signOut).not.toHaveBeenCalled()
    expect(onSignedOut).not.toHaveBeenCalled()
    expect(useSessionStore.getState().user).toMatchObject({ email: 'ada@example.com' })
  })

  it('warns of waiting changes, uploads them first, and removes once they are in', async () => {
    let waiting = 3
    const { dialog, signOut, onSignedOut, sync, user } = await serverMode(3, {
      pendingChanges: vi.fn(() => Promise.resolve(waiting)),
      syncNow: vi.fn(() => {
        waiting = 0
        return Promise.resolve()
      }),
    })
    expect(
      await within(dialog).findByText(/3 changes on this device have not reached the server yet\./),
    ).toBeInTheDocument()
    expect(dialog).toHaveTextContent(/Removing the data now would lose/)
    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce())
    expect(sync.syncNow).toHaveBeenCalledOnce()
    expect(signOut).toHaveBeenCalledExactlyOnceWith({ removeData: true })
  })

  it('says Uploading… meanwhile, and asks again when changes still wait', async () => {
    let finishUpload: () => void = () => undefined
    const { dialog, signOut, sync, user } = await serverMode(2, {
      syncNow: vi.fn(() => new Promise<void>((resolve) => (finishUpload = resolve))),
    })
    await within(dialog).findByText(/2 changes on this device have not reached the server yet/)
    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    expect(await within(dialog).findByText('Uploading…')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: REMOVE })).toBeDisabled()
    finishUpload()
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(/would lose them/),
    )
    expect(signOut).not.toHaveBeenCalled()
    expect(sync.syncNow).toHaveBeenCalledOnce()

    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledExactlyOnceWith({ removeData: true }))
    expect(sync.syncNow).toHaveBeenCalledOnce()
  })

  it('offline, does not try to upload but still asks again before removing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const { dialog, signOut, sync, user } = await serverMode(1)
    await within(dialog).findByText(/1 change on this device has not reached the server yet/)
    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    await vi.waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/lose them/))
    expect(sync.syncNow).not.toHaveBeenCalled()
    expect(signOut).not.toHaveBeenCalled()
    await user.click(within(dialog).getByRole('button', { name: REMOVE }))
    await vi.waitFor(() => expect(signOut).toHaveBeenCalledExactlyOnceWith({ removeData: true }))
  })

  it('says so and stays signed in when the session cannot be ended', async () => {
    const { dialog, signOut, onSignedOut, user } = await serverMode(0)
    signOut.mockRejectedValue(new AppError('STORAGE_FULL'))
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.SIGN_OUT_FAILED))
    expect(onSignedOut).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(useSessionStore.getState().user).toMatchObject({ email: 'ada@example.com' })
  })
})
