import { readFile } from 'node:fs/promises'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { letterInputSchema } from '@/domain/letter-schema'
import {
  docxParagraphs,
  openPdf,
  pdfPageTexts,
  zipParts,
} from '../../../../tests/support/document-text'
import {
  anyUnicodeUnit,
  type LetterAnswers,
  letterAnswers,
  letterDate,
} from '../../../../tests/support/letter-arbitraries'
import { composeLetter } from '../generator/built-in-composer'
import { letterFingerprint } from '@/domain/fingerprint'
import { letterToDocx } from './docx'
import { type LetterBlock, letterBlocks } from './letter-blocks'
import { letterToPdf } from './pdf'
import type { FontLoader } from './pdf-font'
import { fingerprintLine } from './pdf-footer'
import { letterToText } from './txt'

const fontBytes = readFile(new URL('./fonts/DejaVuSerif-Letter.ttf', import.meta.url))
const loadFont: FontLoader = async () => new Uint8Array(await fontBytes)

const composed = (typed: LetterAnswers, date: Date) =>
  composeLetter(letterInputSchema.parse(typed), date)

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer())

/** Everything but whitespace: line wrapping and layout may move spaces and breaks, never text. */
const ink = (text: string) => text.replace(/\s/g, '')

/** The characters XML 1.0 allows; a Word document cannot carry any other. */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

describe('TXT export', () => {
  it('holds any letter byte for byte as UTF-8', async () => {
    const content = fc.oneof(
      fc
        .tuple(letterAnswers(anyUnicodeUnit), letterDate)
        .map(([typed, date]) => composed(typed, date)),
      fc.string({ unit: anyUnicodeUnit }),
    )
    await fc.assert(
      fc.asyncProperty(content, async (letter) => {
        const blob = letterToText(letter)
        expect(blob.type).toBe('text/plain;charset=utf-8')
        expect(await bytesOf(blob)).toEqual(new TextEncoder().encode(letter))
      }),
      { numRuns: 100 },
    )
  })
})

/** What Word shows of a block: its lines, or its list items, numbered by Word or as typed. */
const wordParagraphsOf = (block: LetterBlock): string[] => {
  if (block.kind !== 'list') return [block.lines.join('\n')]
  if (block.numbering === 'typed') return block.items.map((item) => `${item.marker}\t${item.text}`)
  return block.items.map((item) => item.text)
}

describe('DOCX export', () => {
  it('holds every paragraph and line of any letter, as well-formed XML', async () => {
    await fc.assert(
      fc.asyncProperty(letterAnswers(anyUnicodeUnit), letterDate, async (typed, date) => {
        const letter = composed(typed, date)
        const parts = zipParts(await bytesOf(await letterToDocx(letter)))
        // docx writes an apostrophe as &apos;, which the shared reader does not decode.
        const documentXml = (parts['word/document.xml'] ?? '').replace(/&apos;/g, "'")
        for (const part of [documentXml, parts['docProps/core.xml'] ?? '']) {
          expect(part.match(NOT_XML) ?? []).toEqual([])
        }

        // The letter's blocks and lines, less what XML cannot carry: a paragraph per
        // block, and per list item, where Word numbers the items it can. The reader
        // below skips <w:tab/>, so tabs are counted on their own.
        const expected = letterBlocks(letter.replace(NOT_XML, '')).flatMap(wordParagraphsOf)
        expect(docxParagraphs(documentXml)).toEqual(expected.map((p) => p.replace(/\t/g, '')))
        const tabs = expected.join('').split('\t').length - 1
        expect(documentXml.split('<w:tab/>').length - 1).toBe(tabs)
      }),
      { numRuns: 25 },
    )
  })
})

/**
 * The PDF embeds DejaVu Serif, which covers Latin, Greek and Cyrillic, so this
 * property keeps to characters that font covers: ASCII, the Latin-1 and Latin
 * Extended-A letters, common typographic marks, modern Greek and basic Cyrillic.
 * Left out: scripts and symbols the font lacks (most of Cyrillic Extended, CJK,
 * emoji), the soft hyphen, which pdf.js drops when reading, and the micro sign,
 * which it reads back as Greek mu.
 */
const PDF_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xc0, 0x17f],
  [0x386, 0x386],
  [0x388, 0x38a],
  [0x38c, 0x38c],
  [0x38e, 0x3a1],
  [0x3a3, 0x3ce],
  [0x400, 0x45f],
]
const PDF_CHARACTERS = [
  ...PDF_RANGES.flatMap(([from, to]) =>
    Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
  ),
  ...'‘’“”–—…€§©«»°',
]
const pdfUnit = fc.oneof(
  { weight: 20, arbitrary: fc.constantFrom(...PDF_CHARACTERS) },
  { weight: 1, arbitrary: fc.constantFrom('\n', '\t') },
)

describe('PDF export', () => {
  it('holds the text of any letter written in the scripts its font covers', async () => {
    await fc.assert(
      fc.asyncProperty(letterAnswers(pdfUnit), letterDate, async (typed, date) => {
        const letter = composed(typed, date)
        const pdf = await openPdf(await bytesOf(await letterToPdf(letter, { loadFont })))
        const pages = await pdfPageTexts(pdf)
        const hash = fingerprintLine(await letterFingerprint(letter))
        const body = pages.map((page, i) => {
          const footer = pdf.numPages < 2 ? hash : `Page ${i + 1} of ${pdf.numPages}\n${hash}`
          expect(page.trimEnd().endsWith(footer)).toBe(true)
          return page.trimEnd().slice(0, -footer.length)
        })
        const text = ink(body.join('\n'))
        expect(text).toBe(ink(letter))
      }),
      { numRuns: 20 },
    )
  })
})
