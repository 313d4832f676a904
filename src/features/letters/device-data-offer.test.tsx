// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeviceOnlyData, Repository, SyncRepository, SyncStatus } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { SYNC_OFF } from '@/data/sync/sync-status'
import { createTestRepository } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { fakeSync, SYNCED } from '../../../tests/support/fake-sync'
import { copiedMessage, DeviceDataOffer } from './device-data-offer'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

const HEADING = 'This device has letters from an account kept only on this device'

const FOUND: DeviceOnlyData = {
  accounts: [{ id: 'local-1', email: 'ada@home.example', fullName: 'Ada', letters: 12 }],
}

function renderOffer(overrides: Partial<SyncRepository>, status: SyncStatus = SYNCED) {
  const { repo } = createTestRepository()
  const fake = fakeSync(status, {
    deviceOnlyData: vi.fn(() => Promise.resolve(FOUND)),
    ...overrides,
  })
  const repository: Repository = { ...repo, sync: fake.sync }
  render(
    <RepositoryProvider repository={repository}>
      <DeviceDataOffer />
    </RepositoryProvider>,
  )
  return { ...fake, user: userEvent.setup() }
}

describe('the offer of device-only letters', () => {
  it('lists each account with its letters', async () => {
    const { sync } = renderOffer({})
    const panel = await screen.findByRole('region', { name: HEADING })
    expect(panel).toHaveTextContent('ada@home.example: 12 letters')
    expect(panel).toHaveTextContent(/keeps its own copies/)
    expect(sync.deviceOnlyData).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('Upload to my account copies them and says what happens next', async () => {
    const { sync, user } = renderOffer({
      uploadDeviceOnlyData: vi.fn(() => Promise.resolve({ letters: 12 })),
    })
    const panel = await screen.findByRole('region', { name: HEADING })
    await user.click(within(panel).getByRole('button', { name: 'Upload to my account' }))
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '12 letters copied into your account. They will upload when you are online. The device-only account keeps its own copies.',
      ),
    )
    expect(sync.uploadDeviceOnlyData).toHaveBeenCalledOnce()
    expect(sync.keepDeviceOnlyDataApart).not.toHaveBeenCalled()
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument()
  })

  it('Keep them on this device only stops the asking', async () => {
    const { sync, user } = renderOffer({})
    const panel = await screen.findByRole('region', { name: HEADING })
    await user.click(within(panel).getByRole('button', { name: 'Keep them on this device only' }))
    await vi.waitFor(() =>
      expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument(),
    )
    expect(sync.keepDeviceOnlyDataApart).toHaveBeenCalledOnce()
    expect(sync.uploadDeviceOnlyData).not.toHaveBeenCalled()
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('shows a failure in the panel and lets the person try again', async () => {
    const upload = vi
      .fn<SyncRepository['uploadDeviceOnlyData']>()
      .mockRejectedValueOnce(new AppError('STORAGE_FULL'))
      .mockResolvedValueOnce({ letters: 1 })
    const { user } = renderOffer({ uploadDeviceOnlyData: upload })
    const panel = await screen.findByRole('region', { name: HEADING })
    await user.click(within(panel).getByRole('button', { name: 'Upload to my account' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.STORAGE_FULL)
    await user.click(within(panel).getByRole('button', { name: 'Upload to my account' }))
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        '1 letter copied into your account. It will upload when you are online. The device-only account keeps its own copies.',
      ),
    )
  })

  it('Not now only hides it', async () => {
    const { sync, user } = renderOffer({})
    const panel = await screen.findByRole('region', { name: HEADING })
    await user.click(within(panel).getByRole('button', { name: 'Not now' }))
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument()
    expect(sync.uploadDeviceOnlyData).not.toHaveBeenCalled()
    expect(sync.keepDeviceOnlyDataApart).not.toHaveBeenCalled()
  })

  it('asks again once syncing begins, when the account was not set up here yet', async () => {
    const found = vi
      .fn<SyncRepository['deviceOnlyData']>()
      .mockResolvedValueOnce(null)
      .mockResolvedValue(FOUND)
    const { publish } = renderOffer({ deviceOnlyData: found }, SYNC_OFF)
    await vi.waitFor(() => expect(found).toHaveBeenCalledOnce())
    expect(screen.queryByRole('region', { name: HEADING })).not.toBeInTheDocument()
    act(() => publish(SYNCED))
    expect(await screen.findByRole('region', { name: HEADING })).toBeInTheDocument()
    expect(found).toHaveBeenCalledTimes(2)
  })

  it('shows nothing in device-only mode', async () => {
    const { repo } = createTestRepository()
    const deviceOnlyData = vi.spyOn(repo.sync, 'deviceOnlyData')
    render(
      <RepositoryProvider repository={repo}>
        <DeviceDataOffer />
      </RepositoryProvider>,
    )
    await vi.waitFor(() => expect(deviceOnlyData).toHaveBeenCalled())
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('words several letters and one letter', () => {
    expect(copiedMessage(2400)).toMatch(/^2,400 letters copied into your account\. They/)
    expect(copiedMessage(1)).toMatch(/^1 letter copied into your account\. It/)
  })
})
