// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, withFailingSettingsWrites } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { SETTING_KEYS } from '@/domain/settings'
import { PageSizeSetting } from './page-size-setting'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

function renderSetting(repository: Repository) {
  render(
    <RepositoryProvider repository={repository}>
      <PageSizeSetting />
    </RepositoryProvider>,
  )
  return userEvent.setup()
}

describe('PDF page size', () => {
  it('starts on US Letter and keeps A4 once chosen', async () => {
    const { repo } = createTestRepository()
    const user = renderSetting(repo)
    expect(await screen.findByRole('radio', { name: /US Letter/ })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: /A4/ }))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('PDF page size saved'))
    expect(await repo.settings.get(SETTING_KEYS.pdfPageSize)).toBe('a4')
    expect(screen.getByRole('radio', { name: /A4/ })).toBeChecked()
  })

  it('goes back to the stored size and says why when the choice cannot be saved', async () => {
    const { repo } = createTestRepository()
    const user = renderSetting(withFailingSettingsWrites(repo, new AppError('STORAGE_FULL')))
    await user.click(await screen.findByRole('radio', { name: /A4/ }))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.STORAGE_FULL))
    expect(screen.getByRole('radio', { name: /US Letter/ })).toBeChecked()
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('says the size was not saved when storage fails in another way', async () => {
    const { repo } = createTestRepository()
    const user = renderSetting(withFailingSettingsWrites(repo, new Error('closed')))
    await user.click(await screen.findByRole('radio', { name: /A4/ }))
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.PAGE_SIZE_NOT_SAVED),
    )
    expect(screen.getByRole('radio', { name: /US Letter/ })).toBeChecked()
  })
})
