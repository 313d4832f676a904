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

/** The six answers of the seed alone, as a person types them. */
const sixAnswers = (type: LetterType, overrides: Partial<LetterRequest> = {}): LetterRequest => ({
  type,
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street, Apt 4\nSpringfield, IL 62701',
  recipientName: 'Karen Whitfield, Whitfield Home Goods LLC',
  recipientAddress: '500 Market Street\nSuite 200\nBoston, MA 02110',
  matter: 'Unpaid invoice #1042',
  resolution: 'Pay the full amount of $4,250.00',
  ...overrides,
})

const blocksOf = (letter: string) => letter.split('\n\n')
const bodyOf = (letter: string) => {
  const blocks = blocksOf(letter)
  const from = blocks.findIndex((block) => block.startsWith('Dear '))
  const to = blocks.findIndex((block) => block === 'Sincerely,' || block === 'Respectfully,')
  return blocks.slice(from + 1, to).join('\n\n')
}

const ASKING: LetterType[] = [
  'Demand Letter',
  'Cease and Desist',
  'Legal Notice',
  'Business Letter',
]

/** What each type says of itself, and what it must never say. */
const VOICE: Record<LetterType, { says: RegExp[]; never: RegExp[] }> = {
  'Demand Letter': { says: [/formal demand/, /filing a claim/], never: [/criminal|police/i] },
  'Cease and Desist': { says: [/cease and desist/, /filing a claim/], never: [/criminal|police/i] },
  'Legal Notice': { says: [/formal notice/, /filing a claim/], never: [/take notice/i] },
  'Business Letter': {
    says: [/grateful for your reply/, /Thank you/],
    never: [/legal/i, /demand/i],
  },
  'Recommendation Letter': {
    says: [/letter of recommendation/, /sincerely/],
    never: [/legal/i, /demand/i, /\brepl/i, /respond/i, /no later than/i],
  },
  'Corporate Document': {
    says: [/This notice/, /records of the company/],
    never: [/\brepl/i, /respond/i, /no later than/i, /acknowledge/i],
  },
}

describe('composeLetter from the six answers alone', () => {
  it.each(LETTER_TYPES)('writes a complete %s, every part in order', (type) => {
    const letter = composeLetter(sixAnswers(type), NOV_22)
    const blocks = blocksOf(letter)
    expect(blocks.slice(0, 5)).toEqual([
      'Jane Whitfield\n12 Oak Street, Apt 4\nSpringfield, IL 62701',
      'November 22, 2026',
      'Karen Whitfield, Whitfield Home Goods LLC\n500 Market Street\nSuite 200\nBoston, MA 02110',
      'Re: Unpaid invoice #1042',
      'Dear Karen Whitfield:',
    ])
    expect(blocks.slice(-2)).toEqual([
      type === 'Legal Notice' || type === 'Corporate Document' ? 'Respectfully,' : 'Sincerely,',
      '______________________________\nJane Whitfield',
    ])
    const body = bodyOf(letter)
    // The person's resolution is its own paragraph, closed with a full stop, after a whole sentence.
    expect(blocks).toContain('Pay the full amount of $4,250.00.')
    const before = blocks[blocks.indexOf('Pay the full amount of $4,250.00.') - 1] ?? ''
    expect(before).toMatch(/\.$/)
    // The subject line is not repeated in the opening.
    expect(body).not.toContain('Unpaid invoice #1042')
    for (const pattern of VOICE[type].says) expect(letter).toMatch(pattern)
    for (const pattern of VOICE[type].never) expect(letter).not.toMatch(pattern)
  })

  it.each(ASKING)('gives a %s exactly one deadline, 30 days from its date', (type) => {
    const letter = composeLetter(sixAnswers(type), NOV_22)
    expect(letter.split('December 22, 2026')).toHaveLength(2)
    expect(letter).not.toMatch(/within \d+ days/)
  })

  it.each(['Recommendation Letter', 'Corporate Document'] as const)(
    'sets a %s no date at all beyond its own',
    (type) => {
      const letter = composeLetter(sixAnswers(type), NOV_22)
      expect(letter.match(/\w+ \d{1,2}, \d{4}/g)).toEqual(['November 22, 2026'])
    },
  )

  it('gives every type a body of its own', () => {
    const bodies = LETTER_TYPES.map((type) => bodyOf(composeLetter(sixAnswers(type), NOV_22)))
    expect(new Set(bodies).size).toBe(LETTER_TYPES.length)
  })

  it.each([
    [new Date(2026, 0, 15), 'January 15, 2026', 'February 14, 2026'],
    [new Date(2026, 11, 10), 'December 10, 2026', 'January 9, 2027'],
    [new Date(2028, 0, 30), 'January 30, 2028', 'February 29, 2028'],
    [new Date(2028, 1, 29), 'February 29, 2028', 'March 30, 2028'],
  ])('dated %s, it is dated %s and asks for a reply by %s', (date, dated, deadline) => {
    for (const type of ASKING) {
      const letter = composeLetter(sixAnswers(type), date)
      expect(blocksOf(letter)[1]).toBe(dated)
      expect(letter).toContain(deadline)
    }
  })

  it('sets a resolution typed as a list, with blank lines, as paragraphs and nothing more', () => {
    const letter = composeLetter(
      sixAnswers('Demand Letter', {
        resolution: '1. Refund the $120 deposit\n2. Cancel my account\n\n\n\n3. Stop emailing me',
      }),
      NOV_22,
    )
    expect(letter).toContain(
      'as set out below.\n\n1. Refund the $120 deposit\n2. Cancel my account\n\n3. Stop emailing me.\n\nPlease comply',
    )
    expect(letter).not.toMatch(/\n\s*\n\s*\n/)
  })

  it('does not double the punctuation the person typed, nor take theirs away', () => {
    const asked = composeLetter(
      sixAnswers('Business Letter', { resolution: 'Will you renew?' }),
      NOV_22,
    )
    expect(asked).toContain('\n\nWill you renew?\n\n')
    const trailing = composeLetter(
      sixAnswers('Demand Letter', { resolution: 'Pay as quoted,' }),
      NOV_22,
    )
    expect(trailing).toContain('\n\nPay as quoted,\n\n')
    expect(trailing).not.toContain(',.')
  })

  it('keeps Unicode names exactly as typed', () => {
    const letter = composeLetter(
      sixAnswers('Legal Notice', {
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
    expect(letter.endsWith('Respectfully,\n\n______________________________\nŁukasz Żółć')).toBe(
      true,
    )
  })

  it('trims the fields and drops only the blank lines that would split a block', () => {
    const letter = composeLetter(
      sixAnswers('Business Letter', {
        senderName: '  Jane  Whitfield \n',
        senderAddress: '\n 12 Oak Street,\n\n\tSpringfield ,  IL  \n',
      }),
      NOV_22,
    )
    expect(letter.startsWith('Jane  Whitfield\n12 Oak Street,\n\tSpringfield ,  IL\n\n')).toBe(true)
  })

  it('holds fields of the maximum length', () => {
    const request = sixAnswers('Corporate Document', {
      senderName: 'S'.repeat(NAME_MAX),
      recipientName: 'R'.repeat(NAME_MAX),
      senderAddress: 'a'.repeat(ADDRESS_MAX),
      recipientAddress: 'b'.repeat(ADDRESS_MAX),
      matter: 'm'.repeat(MATTER_MAX),
      resolution: 'r'.repeat(RESOLUTION_MAX),
    })
    const { type: _type, details: _details, ...fields } = request
    const letter = composeLetter(request, NOV_22)
    for (const value of Object.values(fields)) expect(letter).toContain(value)
  })

  it('is deterministic for the same request and date', () => {
    for (const type of LETTER_TYPES) {
      expect(composeLetter(sixAnswers(type), NOV_22)).toBe(
        composeLetter(sixAnswers(type), new Date(NOV_22)),
      )
    }
  })

  it('refuses a blank field or an unknown type rather than writing half a letter', () => {
    expect(() => composeLetter(sixAnswers('Demand Letter', { matter: '   ' }), NOV_22)).toThrow(
      AppError,
    )
    const unknown = { ...sixAnswers('Demand Letter'), type: 'Love Letter' } as unknown
    expect(() => composeLetter(unknown as LetterRequest, NOV_22)).toThrow(AppError)
  })
})

describe('builtInComposer', () => {
  it('is the built-in engine and returns the composed letter', async () => {
    expect(builtInComposer.id).toBe('built-in')
    const request = sixAnswers('Cease and Desist')
    await expect(builtInComposer.generate(request, { date: NOV_22 })).resolves.toBe(
      composeLetter(request, NOV_22),
    )
  })

  it('stops when the request was already cancelled', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(
      builtInComposer.generate(sixAnswers('Demand Letter'), {
        date: NOV_22,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })
})
