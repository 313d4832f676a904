import { describe, expect, it } from 'vitest'
import { factsIn } from './facts'

const texts = (text: string) => factsIn(text).map((fact) => `${fact.kind}: ${fact.text}`)

describe('the facts of a text', () => {
  it('reads amounts in every common written form, with their value in cents', () => {
    const facts = factsIn(
      'Owed: $1,250.00, 1,250 dollars, €80, £80.05, CA$12.50, US$5 million, 10k USD and 50 cents.',
    )
    expect(facts.map((fact) => (fact.kind === 'amount' ? [fact.text, fact.cents] : []))).toEqual([
      ['$1,250.00', 125_000],
      ['1,250 dollars', 125_000],
      ['€80', 8_000],
      ['£80.05', 8_005],
      ['CA$12.50', 1_250],
      ['US$5 million', 500_000_000],
      ['10k USD', 1_000_000],
      ['50 cents', 50],
    ])
  })

  it('reads days in every common written form, and the parts of one', () => {
    const facts = factsIn(
      'On November 3, 2026, 3 November 2026, the 3rd of November, 2026, Nov. 3rd 2026, ' +
        '2026-11-03, 11/03/2026; later by December 22, and since March 2026.',
    )
    expect(facts.map((fact) => (fact.kind === 'date' ? [fact.text, fact.readings] : []))).toEqual([
      ['November 3, 2026', [{ year: 2026, month: 11, day: 3 }]],
      ['3 November 2026', [{ year: 2026, month: 11, day: 3 }]],
      ['3rd of November, 2026', [{ year: 2026, month: 11, day: 3 }]],
      ['Nov. 3rd 2026', [{ year: 2026, month: 11, day: 3 }]],
      ['2026-11-03', [{ year: 2026, month: 11, day: 3 }]],
      [
        '11/03/2026',
        [
          { year: 2026, month: 11, day: 3 },
          { year: 2026, month: 3, day: 11 },
        ],
      ],
      ['December 22', [{ month: 12, day: 22 }]],
      ['March 2026', [{ year: 2026, month: 3 }]],
    ])
  })

  it('reads an impossible day as a date no answer can give, and impossible numbers as a code', () => {
    const facts = factsIn('February 30, 2026 and 31/31/2026')
    expect(facts.map((fact) => `${fact.kind}: ${fact.text}`)).toEqual([
      'date: February 30, 2026',
      'reference: 31/31/2026',
    ])
  })

  it('reads reference numbers, with or without a word before them', () => {
    expect(
      texts(
        'Invoice INV-2026-0142, No. 4471, #4471, invoice no. 99812, Section 12.3, PO4471, ' +
          'account 123456789 and (617) 555-0142.',
      ),
    ).toEqual([
      'reference: Invoice INV-2026-0142',
      'reference: No. 4471',
      'reference: #4471',
      'reference: invoice no. 99812',
      'reference: Section 12.3',
      'reference: PO4471',
      'reference: 123456789',
      'reference: 555-0142',
    ])
  })

  it('takes no ordinary words or numbers for facts', () => {
    expect(
      texts(
        'Within 30 days, a 30-day period, the 2nd notice, at 5pm or 14:30, in 2026, a B2B ' +
          'deal, the sum of 1,250.00, 3.5 hours, 24/7 service, suite 400, ' +
          'write to dana2026@example.com or https://example.com/invoices/2026-0142.',
      ),
    ).toEqual([])
  })

  it('reads percentages', () => {
    expect(texts('Interest of 1.5% a month, or 18 percent a year.')).toEqual([
      'percent: 1.5%',
      'percent: 18 percent',
    ])
  })

  it.each(['1-', 'A1.', '__x', '9', 'a@', '#1 ', '1%'])(
    'reads 60,000 characters of %j quickly',
    (unit) => {
      const text = unit.repeat(Math.ceil(60_000 / unit.length)).slice(0, 60_000)
      const started = performance.now()
      factsIn(text)
      expect(performance.now() - started).toBeLessThan(500)
    },
  )

  it('reads a 60,000-character letter quickly', () => {
    const paragraph =
      'On November 3, 2026 invoice INV-2026-0142 for $1,250.00 fell due; see No. 4471. '
    const letter = paragraph.repeat(Math.ceil(60_000 / paragraph.length)).slice(0, 60_000)
    const started = performance.now()
    expect(factsIn(letter).length).toBeGreaterThan(2_000)
    expect(performance.now() - started).toBeLessThan(500)
  })
})
