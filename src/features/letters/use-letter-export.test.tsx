// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import type { Letter } from '@/domain/types'
import { charactersLostIn, shareLetter } from './export/deliver'
import { useLetterExport } from './use-letter-export'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }))
vi.mock('@/lib/save-file', () => ({ saveFile: vi.fn() }))
vi.mock('./export/deliver', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./export/deliver')>()),
  buildExport: vi.fn(() => Promise.resolve(new Blob(['%PDF']))),
  charactersLostIn: vi.fn(() => Promise.resolve(['山', '田'])),
  shareLetter: vi.fn(() => Promise.resolve('shared')),
}))

const LETTER = { id: 'letter-1', content: 'Dear 山田', matter: 'Rent' } as Letter

function renderExport() {
  const { repo } = createTestRepository()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RepositoryProvider repository={repo}>{children}</RepositoryProvider>
  )
  return renderHook(() => useLetterExport(), { wrapper }).result.current
}

/** The warnings shown, as text. */
const warned = () =>
  vi
    .mocked(toast.warning)
    .mock.calls.map(([message]) => (typeof message === 'string' ? message : ''))

afterEach(() => vi.clearAllMocks())

describe('useLetterExport', () => {
  it('downloads, then warns which characters the PDF shows as blanks', async () => {
    await renderExport().download(LETTER, 'pdf')
    expect(toast.success).toHaveBeenCalledWith('Letter downloaded successfully!')
    expect(charactersLostIn).toHaveBeenCalledWith('pdf', LETTER.content)
    expect(warned()).toEqual([expect.stringContaining('as blanks')])
  })

  it('warns after a share the system sheet took, and not after one it could not take', async () => {
    const { share } = renderExport()
    expect(await share(LETTER)).toBe(true)
    expect(warned()).toHaveLength(1)

    vi.mocked(toast.warning).mockClear()
    vi.mocked(shareLetter).mockResolvedValueOnce('unsupported')
    expect(await share(LETTER)).toBe(false)
    expect(warned()).toEqual([])
  })

  it('still reports the download when the characters cannot be checked', async () => {
    vi.mocked(charactersLostIn).mockRejectedValueOnce(new Error('font gone'))
    await renderExport().download(LETTER, 'pdf')
    expect(toast.success).toHaveBeenCalled()
    expect(toast.warning).not.toHaveBeenCalled()
    expect(toast.error).not.toHaveBeenCalled()
  })
})
