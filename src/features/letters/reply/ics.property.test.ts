import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_LINE_OCTETS, replyReminderIcs } from './ics'
import { parseIcs, physicalLines, propertyOf, unescapeText } from './ics-test-parser'

/**
 * Text a person may type: the characters TEXT escapes, line breaks, a stray
 * control character or tab from a paste, accents and emoji among letters.
 */
const typed = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        ',',
        ';',
        '\\',
        '\n',
        '\r\n',
        '\r',
        '\t',
        '\u0000',
        '\u001b',
        ':',
        '"',
        ' ',
        'é',
        'ß',
        'Ж',
        '中',
        '😀',
        '👩‍⚖️',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
    ),
    { minLength: 1, maxLength: 60 },
  )
  .map((parts) => parts.join(''))

/** What the file should give back: line breaks as LF, no control characters but tab. */
const expected = (text: string) =>
  Array.from(text.replace(/\r\n?/g, '\n'))
    .filter((c) => c === '\t' || c === '\n' || (c >= ' ' && c !== '\u007f'))
    .join('')

const octets = (line: string) => new TextEncoder().encode(line).length

const reminder = (matter: string, recipientName: string, reference: string) => ({
  letterId: '6f1c2a4e-8b1d-4f7a-9c3e-2d5b7a9e1f00',
  matter,
  recipientName,
  reference,
  replyBy: '2026-12-22',
})

describe('replyReminderIcs with any text', () => {
  it('gives back the matter, recipient and reference exactly, in lines of at most 75 octets', () => {
    fc.assert(
      fc.property(typed, typed, typed, (matter, recipient, reference) => {
        const ics = replyReminderIcs(reminder(matter, recipient, reference), new Date())
        for (const line of physicalLines(ics))
          expect(octets(line)).toBeLessThanOrEqual(MAX_LINE_OCTETS)

        const calendar = parseIcs(ics)
        const [event] = calendar.children
        if (!event) throw new Error('no VEVENT')
        expect(unescapeText(propertyOf(event, 'SUMMARY').value)).toBe(
          `Reply due: ${expected(matter)}`,
        )
        expect(unescapeText(propertyOf(event, 'DESCRIPTION').value)).toBe(
          expected(`Letter to ${recipient}\nReference: ${reference}`),
        )
        // Escaping leaves no bare separator a reader would split the value at.
        expect(propertyOf(event, 'SUMMARY').value).not.toMatch(/(?<!\\)(?:\\\\)*[;,]/)
        expect(propertyOf(event, 'DTSTART').value).toBe('20261222')
      }),
      { numRuns: 300 },
    )
  })

  it('splits no character: the file decodes to the same text it was written from', () => {
    fc.assert(
      fc.property(typed, (matter) => {
        const ics = replyReminderIcs(reminder(matter, 'R', 'X'), new Date())
        const bytes = new TextEncoder().encode(ics)
        expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(ics)
        for (const line of physicalLines(ics)) {
          const lineBytes = new TextEncoder().encode(line)
          // Each physical line alone is valid UTF-8: no character straddles a fold.
          expect(() => new TextDecoder('utf-8', { fatal: true }).decode(lineBytes)).not.toThrow()
        }
      }),
    )
  })
})
