import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError } from '@/domain/errors'
import {
  ADDRESS_MAX,
  LETTER_TYPES,
  MATTER_MAX,
  NAME_MAX,
  RESOLUTION_MAX,
  type LetterType,
} from '@/domain/letter-schema'
import { builtInComposer, composeLetter } from './built-in-composer'
import type { LetterRequest } from './letter-generator'

const NOV_22 = new Date(2026, 10, 22, 9, 30)

const requestFor = (type: LetterType, overrides: Partial<LetterRequest> = {}): LetterRequest => ({
  type,
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street, Apt 4\nSpringfield, IL 62701',
  recipientName: 'Acme Widgets LLC',
  recipientAddress: '500 Market Street\nSuite 200\nSan Francisco, CA 94105',
  matter: 'Unpaid invoice #1042',
  resolution: 'Pay the outstanding balance of $2,500 in full.',
  ...overrides,
})

/** What each type must say, and what it must never say. */
const VOICE: Record<LetterType, { says: RegExp[]; never: RegExp[] }> = {
  'Demand Letter': { says: [/formal demand/, /I demand/, /legal action/], never: [] },
  'Cease and Desist': { says: [/cease and desist/, /stop/, /legal action/], never: [] },
  'Legal Notice': { says: [/formal notice/, /take notice/, /legal proceedings/], never: [] },
  'Business Letter': {
    says: [/finds you well/, /grateful/, /Thank you/],
    never: [/legal/i, /demand/i],
  },
  'Recommendation Letter': {
    says: [/recommendation/, /discuss this recommendation further/],
    never: [/legal/i, /demand/i, /proceedings/i, /cease/i],
  },
  'Corporate Document': { says: [/corporate notice/, /corporate records/], never: [] },
}

describe('composeLetter', () => {
  it.each(LETTER_TYPES)('writes a %s with every part, in order', (type) => {
    const request = requestFor(type)
    const blocks = composeLetter(request, NOV_22).split('\n\n')

    expect(blocks[0]).toBe('Jane Whitfield\n12 Oak Street, Apt 4\nSpringfield, IL 62701')
    expect(blocks[1]).toBe('November 22, 2026')
    expect(blocks[2]).toBe(
      'Acme Widgets LLC\n500 Market Street\nSuite 200\nSan Francisco, CA 94105',
    )
    expect(blocks[3]).toBe('Re: Unpaid invoice #1042')
    expect(blocks[4]).toBe('Dear Acme Widgets LLC:')
    expect(blocks.slice(-2)).toEqual(['Sincerely,', 'Jane Whitfield'])

    const body = blocks.slice(5, -2)
    expect(body).toHaveLength(3)
    expect(body[1]).toBe(request.resolution)
    const text = body.join('\n\n')
    const positions = [
      text.indexOf('Unpaid invoice #1042.'),
      text.indexOf(request.resolution),
      text.indexOf('within 30 days'),
      text.indexOf('December 22, 2026'),
    ]
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    for (const pattern of VOICE[type].says) expect(text).toMatch(pattern)
    for (const pattern of VOICE[type].never) expect(text).not.toMatch(pattern)
  })

  it('gives every type a body of its own', () => {
    const bodies = LETTER_TYPES.map((type) =>
      composeLetter(requestFor(type), NOV_22).split('\n\n').slice(5, -2).join('\n\n'),
    )
    expect(new Set(bodies).size).toBe(LETTER_TYPES.length)
  })

  it.each([
    [new Date(2026, 0, 15), 'January 15, 2026', 'February 14, 2026'],
    [new Date(2026, 11, 10), 'December 10, 2026', 'January 9, 2027'],
    [new Date(2028, 0, 30), 'January 30, 2028', 'February 29, 2028'],
    [new Date(2028, 1, 29), 'February 29, 2028', 'March 30, 2028'],
  ])('dated %s, it is dated %s and asks for a reply by %s', (date, dated, deadline) => {
    for (const type of LETTER_TYPES) {
      const letter = composeLetter(requestFor(type), date)
      expect(letter.split('\n\n')[1]).toBe(dated)
      expect(letter).toContain(deadline)
    }
  })

  it('keeps Unicode names exactly as typed', () => {
    const letter = composeLetter(
      requestFor('Legal Notice', {
        senderName: 'Łukasz Żółć',
        recipientName: 'Σωκράτης',
        recipientAddress: 'ул. Тверская, 7\nМосква',
        matter: 'Договор с Дмитрий',
      }),
      NOV_22,
    )
    expect(letter.startsWith('Łukasz Żółć\n')).toBe(true)
    expect(letter).toContain('Σωκράτης\nул. Тверская, 7\nМосква')
    expect(letter).toContain('Dear Σωκράτης:')
    expect(letter).toContain('Re: Договор с Дмитрий')
    expect(letter.endsWith('Sincerely,\n\nŁukasz Żółć')).toBe(true)
  })

  it('trims the fields and nothing else', () => {
    const letter = composeLetter(
      requestFor('Business Letter', {
        senderName: '  Jane  Whitfield \n',
        senderAddress: '\n 12 Oak Street,\n\tSpringfield ,  IL  \n',
      }),
      NOV_22,
    )
    expect(letter.startsWith('Jane  Whitfield\n12 Oak Street,\n\tSpringfield ,  IL\n\n')).toBe(true)
  })

  it('does not double the punctuation the person typed', () => {
    const letter = composeLetter(
      requestFor('Demand Letter', { matter: 'Who owns the fence?' }),
      NOV_22,
    )
    expect(letter).toContain('Who owns the fence? This letter')
    expect(letter).not.toContain('fence?.')
  })

  it('holds fields of the maximum length', () => {
    const request = requestFor('Corporate Document', {
      senderName: 'S'.repeat(NAME_MAX),
      recipientName: 'R'.repeat(NAME_MAX),
      senderAddress: 'a'.repeat(ADDRESS_MAX),
      recipientAddress: 'b'.repeat(ADDRESS_MAX),
      matter: 'm'.repeat(MATTER_MAX),
      resolution: 'r'.repeat(RESOLUTION_MAX),
    })
    const { type: _type, ...fields } = request
    const letter = composeLetter(request, NOV_22)
    for (const value of Object.values(fields)) expect(letter).toContain(value)
  })

  it('is deterministic for the same request and date', () => {
    for (const type of LETTER_TYPES) {
      expect(composeLetter(requestFor(type), NOV_22)).toBe(
        composeLetter(requestFor(type), new Date(NOV_22)),
      )
    }
  })

  it('refuses a blank field or an unknown type rather than writing half a letter', () => {
    expect(() => composeLetter(requestFor('Demand Letter', { matter: '   ' }), NOV_22)).toThrow(
      AppError,
    )
    const unknown = { ...requestFor('Demand Letter'), type: 'Love Letter' } as unknown
    expect(() => composeLetter(unknown as LetterRequest, NOV_22)).toThrow(AppError)
  })

  it('never writes template debris the person did not type', () => {
    const debris = ['undefined', 'null', 'NaN', '{{', '${', '{', '}', '[', ']', '<', '>']
    const field = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() !== '')
    fc.assert(
      fc.property(
        fc.constantFrom(...LETTER_TYPES),
        fc.record({
          senderName: field,
          senderAddress: field,
          recipientName: field,
          recipientAddress: field,
          matter: field,
          resolution: field,
        }),
        fc.date({ min: new Date(1900, 0, 1), max: new Date(2200, 0, 1), noInvalidDate: true }),
        (type, fields, date) => {
          const letter = composeLetter({ type, ...fields }, date)
          const typed = Object.values(fields)
          for (const value of typed) expect(letter).toContain(value.trim())
          for (const token of debris) {
            if (!typed.some((value) => value.includes(token))) expect(letter).not.toContain(token)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('builtInComposer', () => {
  it('is the built-in engine and returns the composed letter', async () => {
    expect(builtInComposer.id).toBe('built-in')
    const request = requestFor('Cease and Desist')
    await expect(builtInComposer.generate(request, { date: NOV_22 })).resolves.toBe(
      composeLetter(request, NOV_22),
    )
  })

  it('stops when the request was already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      builtInComposer.generate(requestFor('Demand Letter'), {
        date: NOV_22,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })
})
