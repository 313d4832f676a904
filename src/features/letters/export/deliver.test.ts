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

const { charactersLostIn, lostCharactersMessage, preloadExports } = await import('./deliver')

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

describe('lost characters', () => {
  it('are looked for in PDFs only: Word and Text keep every character', async () => {
    expect(await charactersLostIn('docx', '山田')).toEqual([])
    expect(await charactersLostIn('txt', '山田')).toEqual([])
  })

  it('are named in the warning, five at most, the rest counted', () => {
    const shown = (text: string) => text.replace(/[\u2068\u2069]/g, '')
    expect(shown(lostCharactersMessage(['山', '田']))).toBe(
      'The PDF shows some characters of this letter as blanks (山 田). The Word and Text downloads keep them.',
    )
    expect(shown(lostCharactersMessage([...'山田太郎😀✓★']))).toBe(
      'The PDF shows some characters of this letter as blanks (山 田 太 郎 😀 and 2 more). The Word and Text downloads keep them.',
    )
  })

  it('keeps right-to-left letters in the order they are listed', () => {
    expect(lostCharactersMessage(['م', 'ر'])).toContain('(\u2068م\u2069 \u2068ر\u2069)')
  })
})
