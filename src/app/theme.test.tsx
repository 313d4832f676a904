// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, withFailingSettingsWrites } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { ThemeProvider } from './theme'
import { ThemeSwitch } from './theme-switch'

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }))

beforeAll(() => {
  // jsdom has no media queries; the system theme here is light.
  window.matchMedia ??= ((query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList) as typeof window.matchMedia
})
beforeEach(() => vi.clearAllMocks())
afterEach(() => {
  localStorage.clear()
  document.documentElement.classList.remove('dark')
})

function renderSwitch(repository: Repository) {
  render(
    <RepositoryProvider repository={repository}>
      <ThemeProvider>
        <ThemeSwitch />
      </ThemeProvider>
    </RepositoryProvider>,
  )
  return userEvent.setup()
}

const dark = () => document.documentElement.classList.contains('dark')

describe('theme', () => {
  it('shows a chosen theme at once and keeps it in the settings and the first-paint mirror', async () => {
    const { repo } = createTestRepository()
    const user = renderSwitch(repo)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Dark')
    expect(dark()).toBe(true)
    await vi.waitFor(async () => expect(await repo.settings.get('theme')).toBe('dark'))
    expect(localStorage.getItem('letterhead.theme')).toBe('dark')
  })

  it('goes back to the saved theme and says why when the choice cannot be saved', async () => {
    const { repo } = createTestRepository()
    const user = renderSwitch(withFailingSettingsWrites(repo, new AppError('STORAGE_FULL')))
    const select = screen.getByRole('combobox', { name: 'Theme' })
    await user.selectOptions(select, 'Dark')
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.STORAGE_FULL))
    expect(select).toHaveValue('system')
    expect(dark()).toBe(false)
    expect(localStorage.getItem('letterhead.theme')).toBe('system')
  })

  it('keeps a later choice when an earlier one fails to save after it', async () => {
    const { repo } = createTestRepository()
    let failDark: (error: Error) => void = () => undefined
    const slowDark: Repository = {
      ...repo,
      settings: {
        ...repo.settings,
        set: (key, value) =>
          value === 'dark'
            ? new Promise((_resolve, reject) => (failDark = reject))
            : repo.settings.set(key, value),
      },
    }
    const user = renderSwitch(slowDark)
    const select = screen.getByRole('combobox', { name: 'Theme' })
    await user.selectOptions(select, 'Dark')
    await user.selectOptions(select, 'Light')
    await vi.waitFor(async () => expect(await repo.settings.get('theme')).toBe('light'))
    failDark(new Error('closed'))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce())
    expect(select).toHaveValue('light')
    expect(localStorage.getItem('letterhead.theme')).toBe('light')
  })

  it('says the theme was not saved when storage fails in another way', async () => {
    const { repo } = createTestRepository()
    const user = renderSwitch(withFailingSettingsWrites(repo, new Error('closed')))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Theme' }), 'Light')
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.THEME_NOT_SAVED))
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveValue('system')
  })
})
