import { describe, expect, it } from 'vitest'
import { letterParagraphs, letterTitle, letterToText } from './txt'

describe('letterToText', () => {
  it('keeps the letter exactly as written, as UTF-8 text', async () => {
    const content = 'Łukasz Żółć\n12 Oak St\n\nΣωκράτης, Дмитрий\n\n  indented\ttext  \n'
    const blob = letterToText(content)
    expect(blob.type).toBe('text/plain;charset=utf-8')
    expect(await blob.text()).toBe(content)
    expect(blob.size).toBe(new TextEncoder().encode(content).length)
  })
})

describe('letterParagraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a block', () => {
    expect(
      letterParagraphs('Jane\n12 Oak St\nSpringfield\n\nNovember 22, 2026\n\nDear Sam:'),
    ).toEqual([['Jane', '12 Oak St', 'Springfield'], ['November 22, 2026'], ['Dear Sam:']])
  })

  it('treats runs of blank lines, whitespace-only lines and CRLF alike', () => {
    expect(letterParagraphs('\r\n\r\nA\r\nB  \r\n \t\r\n\n\nC\n\n\n')).toEqual([['A', 'B'], ['C']])
  })

  it('finds nothing in an empty letter', () => {
    expect(letterParagraphs('  \n\n ')).toEqual([])
  })
})

describe('letterTitle', () => {
  it('is the subject of the Re: line', () => {
    expect(letterTitle([['Jane'], ['Re: Unpaid invoice'], ['Dear Sam:']])).toBe('Unpaid invoice')
    expect(letterTitle([['Jane']])).toBe('Letter')
  })
})
