import { describe, expect, it } from 'vitest'
import { FULL_LETTER } from '../../../../tests/support/sample-letters'
import { type BlockKind, letterBlocks } from './letter-blocks'

const kinds = (content: string) => letterBlocks(content).map((b) => b.kind)

describe('letterBlocks', () => {
  it('names every part of a composed letter, in order', () => {
    expect(kinds(FULL_LETTER)).toEqual<BlockKind[]>([
      'sender',
      'date',
      'delivery',
      'without-prejudice',
      'recipient',
      'subject',
      'salutation',
      'body',
      'body',
      'list',
      'body',
      'closing',
      'signature-space',
      'signature',
      'enclosures',
      'cc',
    ])
  })

  it('reads a paragraph of numbered lines as a list Word can number', () => {
    const list = letterBlocks(
      'Re: x\n\nDear Sam:\n\n1. pay the balance;\n2. confirm it in writing.\n\nSincerely,\n\nAda',
    ).find((b) => b.kind === 'list')
    expect(list).toEqual({
      kind: 'list',
      lines: ['1. pay the balance;', '2. confirm it in writing.'],
      items: [
        { marker: '1.', text: 'pay the balance;' },
        { marker: '2.', text: 'confirm it in writing.' },
      ],
      numbering: 'decimal-period',
    })
  })

  it('keeps the line that leads in to a list as a paragraph of its own', () => {
    const [lead, list] = letterBlocks('You must:\n1. pay;\n2. confirm.')
    expect(lead).toEqual({ kind: 'body', lines: ['You must:'] })
    expect(list).toMatchObject({ kind: 'list', lines: ['1. pay;', '2. confirm.'] })
  })

  it('keeps markers Word cannot number as typed', () => {
    const numbering = (text: string) => {
      const [first] = letterBlocks(text)
      return first?.kind === 'list' ? first.numbering : first?.kind
    }
    expect(numbering('1) one\n2) two')).toBe('decimal-paren')
    expect(numbering('• one\n- two')).toBe('bullet')
    expect(numbering('(a) one\n(b) two')).toBe('typed')
    expect(numbering('3. three\n4. four')).toBe('typed')
    // One numbered line is a paragraph that starts with a number.
    expect(numbering('1. The parties agree.')).toBe('body')
  })

  it('reads the letter as the first release composed it', () => {
    const old = [
      'Ada Lovelace\n12 St James Square, London',
      'November 22, 2026',
      'Charles Babbage\n1 Dorset Street, London',
      'Re: Unpaid invoice #1843',
      'Dear Charles Babbage:',
      'This letter serves as formal notice.',
      'Sincerely,',
      'Ada Lovelace',
    ].join('\n\n')
    expect(kinds(old)).toEqual<BlockKind[]>([
      'sender',
      'date',
      'recipient',
      'subject',
      'salutation',
      'body',
      'closing',
      'signature',
    ])
  })

  it('follows common variants: subject under the salutation, other dates and closings', () => {
    const british = [
      'Ada Lovelace',
      '22nd November 2026',
      'Mr C Babbage',
      'Dear Sir,',
      'RE: THE ENGINE',
      'Body text.',
      'Yours faithfully,\nAda Lovelace',
      'Encl.',
    ].join('\n\n')
    expect(kinds(british)).toEqual<BlockKind[]>([
      'sender',
      'date',
      'recipient',
      'salutation',
      'subject',
      'body',
      'closing',
      'signature',
      'enclosures',
    ])
  })

  it('reads notations typed together as one line each, and a firm named Confidential as a sender', () => {
    const letter = [
      'Confidential Holdings Inc',
      'November 22, 2026',
      'Via Email\nWITHOUT PREJUDICE',
      'Sam Smith',
      'Re: x',
      'Dear Sam:',
    ].join('\n\n')
    expect(letterBlocks(letter).slice(0, 5)).toEqual([
      { kind: 'sender', lines: ['Confidential Holdings Inc'] },
      { kind: 'date', lines: ['November 22, 2026'] },
      { kind: 'delivery', lines: ['Via Email'] },
      { kind: 'without-prejudice', lines: ['WITHOUT PREJUDICE'] },
      { kind: 'recipient', lines: ['Sam Smith'] },
    ])
  })

  it('makes a text no rule recognises all body paragraphs', () => {
    expect(kinds('Just a note.\n\nAnother thought.\nOn two lines.')).toEqual(['body', 'body'])
    expect(kinds('')).toEqual([])
  })

  it('does not take a sentence for a salutation or closing', () => {
    const text = [
      'Re: x',
      'Dear Sam:',
      'Thank you for the call. Dear as it is, the price stands.',
      'Regards to your family were passed on.',
      'Best regards,',
      'Ada',
    ].join('\n\n')
    expect(kinds(text)).toEqual<BlockKind[]>([
      'subject',
      'salutation',
      'body',
      'body',
      'closing',
      'signature',
    ])
  })

  it('recognises enclosures and copies after a letter without a closing', () => {
    expect(kinds('Re: x\n\nDear Sam:\n\nBody.\n\nEnclosure: invoice\n\ncc: Jo')).toEqual([
      'subject',
      'salutation',
      'body',
      'enclosures',
      'cc',
    ])
  })

  it('treats what follows the enclosures and copies as body, not signature', () => {
    expect(kinds('Dear Sam:\n\nBody.\n\nSincerely,\n\nAda\n\ncc: Jo\n\nP.S. Call me.')).toEqual([
      'salutation',
      'body',
      'closing',
      'signature',
      'cc',
      'body',
    ])
  })
})
