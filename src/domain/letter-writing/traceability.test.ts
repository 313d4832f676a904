import { describe, expect, it } from 'vitest'
import { letterFromAnswers } from '../../../tests/support/letter-from-answers'
import { formatAmount } from '../letter-format'
import type { LetterRequest } from './request'
import { untracedFacts } from './traceability'

const NOV_22 = new Date(2026, 10, 22, 9, 30)

const REQUEST: LetterRequest = {
  type: 'Demand Letter',
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street\nSpringfield, IL 62701',
  recipientName: 'Acme Widgets LLC',
  recipientAddress: '500 Market Street\nSan Francisco, CA 94105',
  matter: 'Unpaid invoice #1042 of March 3, 2026',
  resolution: 'Pay the outstanding balance of $2,500 in full.',
  details: {
    reference: 'INV-2026-0142',
    senderPhone: '(617) 555-0142',
    replyWithinDays: 14,
    followUp: {
      letterId: '0b7f8e0e-8c5f-4c3e-9d1e-2f0a7c1b9a11',
      date: '2026-10-01',
      reference: 'DL-7',
    },
    demand: { amountCents: 425_000, dueDates: ['2026-08-31'] },
    recommendation: { knownFor: 'since 2019, No. 5512' },
  },
}

const untraced = (letter: string, request = REQUEST, date = NOV_22) =>
  untracedFacts(letter, request, date)

describe('untracedFacts', () => {
  it('passes a letter whose facts all come from the answers', () => {
    const letter = letterFromAnswers(REQUEST, NOV_22)
    expect(letter).toContain('$4,250.00')
    expect(untraced(letter)).toEqual([])
  })

  it('finds a made-up amount, date and reference, in the letter’s own words', () => {
    const letter =
      `${letterFromAnswers(REQUEST, NOV_22)}\n\nInterest of $312.50 accrued since ` +
      'July 14, 2026 under Agreement No. 88-1207; see also #1042 and 4,250 euros.'
    expect(untraced(letter)).toEqual(['$312.50', 'July 14, 2026', 'No. 88-1207', '4,250 euros'])
  })

  it('reports each untraced fact once, in the order the letter writes them', () => {
    expect(untraced('Pay $99 by May 1, 2027. Again: $99 by May 1, 2027, ref. CX-9.')).toEqual([
      '$99',
      'May 1, 2027',
      'CX-9',
    ])
  })

  it('counts the letter’s own date and the reply-by day as traced, in any written form', () => {
    const letter =
      'Dated November 22, 2026 (22 November 2026, 11/22/2026, 2026-11-22). Reply by ' +
      'December 6, 2026, that is by 6 December 2026, 12/06/2026 or December 6.'
    expect(untraced(letter)).toEqual([])
  })

  it('does not count the 30-day default deadline when Reply Within says otherwise', () => {
    expect(untraced('Respond by December 22, 2026.')).toEqual(['December 22, 2026'])
  })

  it('gives types that ask no reply no reply-by day', () => {
    const recommendation: LetterRequest = { ...REQUEST, type: 'Recommendation Letter' }
    expect(untraced('Please reply by December 6, 2026.', recommendation)).toEqual([
      'December 6, 2026',
    ])
    // The recommendation's own answers count for a recommendation letter, and only for it.
    expect(untraced('I have known her since 2019, No. 5512.', recommendation)).toEqual([])
    expect(untraced('No. 5512')).toEqual(['No. 5512'])
  })

  it('traces amounts written as formatAmount writes them and in other forms', () => {
    for (const written of [formatAmount(425_000), '$4,250', '4,250 dollars', 'USD 4,250.00'])
      expect(untraced(`The balance is ${written}.`)).toEqual([])
    const pounds: LetterRequest = {
      ...REQUEST,
      details: { demand: { amountCents: 8_005, currency: 'GBP' } },
    }
    expect(untraced(`You owe ${formatAmount(8_005, 'GBP')}.`, pounds)).toEqual([])
    expect(untraced('You owe $80.05.', pounds)).toEqual(['$80.05'])
  })

  it('traces facts the person typed into their own words', () => {
    const letter =
      'Invoice #1042, issued on 3 March 2026 for $2,500.00, and reference INV-2026-0142 ' +
      '(INV 2026 0142); call 617-555-0142; your letter DL-7 of October 1, 2026.'
    expect(untraced(letter)).toEqual([])
  })

  it('does not take part of a typed number for the number', () => {
    expect(untraced('See No. 5550 and #014.')).toEqual(['No. 5550', '#014'])
  })

  it('answers quickly for a 60,000-character letter', () => {
    const paragraph = 'On August 31, 2026 invoice INV-2026-0142 for $4,250.00 fell due; No. 7. '
    const letter = paragraph.repeat(Math.ceil(60_000 / paragraph.length)).slice(0, 60_000)
    const started = performance.now()
    expect(untraced(letter)).toEqual(['No. 7'])
    expect(performance.now() - started).toBeLessThan(500)
  })
})
