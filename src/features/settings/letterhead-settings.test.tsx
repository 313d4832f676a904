// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import {
  createTestRepository,
  signUpWithLetters,
  withFailingSettingsWrites,
} from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { DEFAULT_ACCENT, letterheadSettingKey } from '@/domain/settings'
import { polyfillDialog } from '../../../tests/support/dialog-polyfill'
import { pngDataUrl, testPng } from '../../../tests/support/png'
import { LetterheadSettings } from './letterhead-settings'
import type { Rasterise } from './logo-image'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

beforeAll(polyfillDialog)
beforeEach(() => vi.clearAllMocks())

/** What the browser's canvas would make of the chosen file; jsdom has no canvas to draw with. */
const DRAWN = pngDataUrl(testPng(300, 100, [31, 42, 68]))

async function customer(plan: string) {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, `${plan}@example.com`, plan)
  return { ...test, user }
}

function renderSettings(repository: Repository, userId: string, rasterise: Rasterise) {
  render(
    <RepositoryProvider repository={repository}>
      <LetterheadSettings
        userId={userId}
        rasterise={rasterise}
        planLink={<a href="/app?tab=subscription">See the plans on the Subscription tab</a>}
      />
    </RepositoryProvider>,
  )
  return userEvent.setup({ applyAccept: false })
}

const pngFile = (bytes = 2_000, name = 'logo.png', type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type })

describe('the Letterhead settings', () => {
  it('offers the letterhead with Annual 8 Letters to customers of other plans', async () => {
    const { repo, user } = await customer('annual4')
    renderSettings(repo, user.id, vi.fn())
    expect(await screen.findByText('Custom letterhead comes with Annual 8 Letters.')).toBeVisible()
    expect(
      screen.getByRole('link', { name: 'See the plans on the Subscription tab' }),
    ).toHaveAttribute('href', '/app?tab=subscription')
    expect(screen.queryByRole('button', { name: 'Save Letterhead' })).toBeNull()
  })

  it('saves a logo drawn as a PNG, a name block and an accent colour, and previews them', async () => {
    const { repo, user } = await customer('annual8')
    const rasterise = vi.fn<Rasterise>(() => Promise.resolve(DRAWN))
    const person = renderSettings(repo, user.id, rasterise)

    await person.upload(await screen.findByLabelText('Logo'), pngFile())
    await person.type(
      screen.getByLabelText('Name block'),
      'Lovelace & Partners LLP{Enter}12 St James Square',
    )
    const preview = screen.getByRole('figure', { name: 'Letterhead preview' })
    expect(within(preview).getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', DRAWN)
    expect(within(preview).getByText('Lovelace & Partners LLP')).toBeVisible()
    expect(screen.getByLabelText('Accent colour')).toHaveValue(DEFAULT_ACCENT)

    await person.click(screen.getByRole('button', { name: 'Save Letterhead' }))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Letterhead saved'))
    expect(rasterise).toHaveBeenCalledTimes(1)
    expect(await repo.settings.get(letterheadSettingKey(user.id))).toEqual({
      logo: DRAWN,
      nameBlock: 'Lovelace & Partners LLP\n12 St James Square',
      accent: DEFAULT_ACCENT,
    })
  })

  it('refuses a logo file over 500 KB or of another type, saying why, and keeps the logo it had', async () => {
    const { repo, user } = await customer('annual8')
    const rasterise = vi.fn<Rasterise>(() => Promise.resolve(DRAWN))
    const person = renderSettings(repo, user.id, rasterise)
    const input = await screen.findByLabelText('Logo')
    await person.upload(input, pngFile())

    await person.upload(input, pngFile(600 * 1024))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The logo file is 600 KB; it must be at most 500 KB.',
    )
    await person.upload(input, pngFile(1_000, 'logo.gif', 'image/gif'))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The logo must be a PNG, JPEG or SVG image.',
    )
    expect(rasterise).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', DRAWN)
  })

  it('says so when the image cannot be read, and stores nothing', async () => {
    const { repo, user } = await customer('annual8')
    const person = renderSettings(repo, user.id, () =>
      Promise.reject(
        new Error('The logo could not be read as an image. Try saving it again as a PNG.'),
      ),
    )
    await person.upload(await screen.findByLabelText('Logo'), pngFile(1_000, 'logo.svg', ''))
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be read as an image')
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull()
    expect(await repo.settings.get(letterheadSettingKey(user.id))).toBeUndefined()
  })

  it('asks for a logo or a name block before saving an empty letterhead', async () => {
    const { repo, user } = await customer('annual8')
    const person = renderSettings(repo, user.id, vi.fn())
    await person.click(await screen.findByRole('button', { name: 'Save Letterhead' }))
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Add a logo or a name block before saving the letterhead.',
    )
    expect(await repo.settings.get(letterheadSettingKey(user.id))).toBeUndefined()
  })

  it('keeps what was typed when the device cannot store it', async () => {
    const { repo, user } = await customer('annual8')
    const failing = withFailingSettingsWrites(repo, new AppError('STORAGE_FULL'))
    const person = renderSettings(failing, user.id, vi.fn())
    await person.type(await screen.findByLabelText('Name block'), 'Lovelace LLP')
    await person.click(screen.getByRole('button', { name: 'Save Letterhead' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(ERROR_MESSAGES.STORAGE_FULL)
    expect(screen.getByLabelText('Name block')).toHaveValue('Lovelace LLP')
  })

  it('removes the saved letterhead once confirmed', async () => {
    const { repo, user } = await customer('annual8')
    await repo.settings.set(letterheadSettingKey(user.id), {
      logo: DRAWN,
      nameBlock: 'Lovelace LLP',
      accent: '#7a1f2b',
    })
    const person = renderSettings(repo, user.id, vi.fn())
    expect(await screen.findByLabelText('Name block')).toHaveValue('Lovelace LLP')
    expect(screen.getByLabelText('Accent colour')).toHaveValue('#7a1f2b')

    await person.click(screen.getByRole('button', { name: 'Remove Letterhead' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove your letterhead?' })
    await person.click(within(dialog).getByRole('button', { name: 'Remove Letterhead' }))
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Letterhead removed'))
    expect(await repo.settings.get(letterheadSettingKey(user.id))).toBeNull()
    await vi.waitFor(() => expect(screen.getByLabelText('Name block')).toHaveValue(''))
    expect(screen.queryByRole('img', { name: 'Logo preview' })).toBeNull()
  })

  it('keeps a saved letterhead, unprinted, for a customer whose plan lapsed', async () => {
    const { repo, user, advance } = await customer('annual8')
    await repo.settings.set(letterheadSettingKey(user.id), {
      logo: null,
      nameBlock: 'Lovelace LLP',
      accent: DEFAULT_ACCENT,
    })
    advance(366 * 86_400_000)
    renderSettings(repo, user.id, vi.fn())
    expect(
      await screen.findByText(/The letterhead you saved is kept for when you have the plan again/),
    ).toBeVisible()
  })
})
