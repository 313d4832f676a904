import { readFile } from 'node:fs/promises'
import { describe, expect, it, vi } from 'vitest'
import { charactersPdfCannotShow } from './pdf-coverage'
import type { FontLoader } from './pdf-font'

const letterFont: FontLoader = async () =>
  new Uint8Array(await readFile(new URL('./fonts/DejaVuSerif-Letter.ttf', import.meta.url)))

describe('charactersPdfCannotShow', () => {
  it('finds nothing missing in the scripts the letter font covers', async () => {
    const letter =
      'Łukasz Żółć, Σωκράτης Παπαδόπουλος, Дмитрий, Արամ, ნინო: €1,200 — “paid” №\u00a042.'
    expect(await charactersPdfCannotShow(letter, letterFont)).toEqual([])
  })

  it('names each character the font lacks once, in the order they first appear', async () => {
    const letter = 'Dear 山田 太郎 ✓\n\nThank you 😀\u200d! 山田'
    expect(await charactersPdfCannotShow(letter, letterFont)).toEqual([
      '山',
      '田',
      '太',
      '郎',
      '✓',
      '😀',
    ])
  })

  it('passes over what nobody sees on paper: spaces, controls, joiners and variation selectors', async () => {
    const letter = 'A\u2003B\u200b\u200d\u2060\ufe0f\u0007\t\r\n'
    expect(await charactersPdfCannotShow(letter, letterFont)).toEqual([])
  })

  it('reads the font once, and again after a failed read', async () => {
    const bytes = await letterFont()
    const loader = vi
      .fn<FontLoader>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(bytes)
    await expect(charactersPdfCannotShow('山', loader)).rejects.toThrow('offline')
    expect(await charactersPdfCannotShow('山', loader)).toEqual(['山'])
    expect(await charactersPdfCannotShow('a', loader)).toEqual([])
    expect(loader).toHaveBeenCalledTimes(2)
  })
})
