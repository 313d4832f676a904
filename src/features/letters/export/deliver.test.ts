import { afterEach, describe, expect, it, vi } from 'vitest'

const fetchLetterFont = vi.fn<() => Promise<Uint8Array>>()
const loaded = vi.fn<(name: string) => void>()

vi.mock('./pdf-font', () => ({ fetchLetterFont }))
vi.mock('./pdf', () => {
  loaded('pdf')
  return { letterToPdf: vi.fn() }
})
vi.mock('./docx', () => {
  loaded('docx')
  return { letterToDocx: vi.fn() }
})

const { preloadExports } = await import('./deliver')

/** Lets the dynamic imports and the font fetch they start settle. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => vi.clearAllMocks())

describe('preloadExports', () => {
  it('fetches the PDF and Word writers and the letter font ahead of the export', async () => {
    fetchLetterFont.mockResolvedValue(new Uint8Array([1]))
    preloadExports()
    await settled()
    expect(loaded.mock.calls.map(([name]) => name).sort()).toEqual(['docx', 'pdf'])
    expect(fetchLetterFont).toHaveBeenCalledTimes(1)
  })

  it('lets a failed font fetch pass quietly, for the export itself to retry and report', async () => {
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    try {
      fetchLetterFont.mockRejectedValue(new Error('offline'))
      preloadExports()
      await settled()
      await settled()
      expect(fetchLetterFont).toHaveBeenCalledTimes(1)
      expect(unhandled).not.toHaveBeenCalled()
    } finally {
      process.off('unhandledRejection', unhandled)
    }
  })
})
