import { describe, expect, it } from 'vitest'
import { letterFormFromDraft } from './letter-form-draft'
import { blankLetterForm } from './letter-form-values'

const base = blankLetterForm('Ada Lovelace')

describe('a saved draft read back into the Generate form', () => {
  it('takes every answer of the right kind, lists included', () => {
    const values = letterFormFromDraft(
      {
        type: 'Legal Notice',
        matter: 'Breach of clause 7',
        details: {
          settlementOffer: true,
          followUp: { letterId: 'l1', date: '2026-11-01', reference: 'INV-7' },
          demand: { dueDates: [{ day: '2026-10-01' }, { day: '2026-10-15' }] },
        },
      },
      base,
    )
    expect(values).toMatchObject({
      type: 'Legal Notice',
      matter: 'Breach of clause 7',
      senderName: 'Ada Lovelace',
      details: {
        settlementOffer: true,
        followUp: { letterId: 'l1', date: '2026-11-01', reference: 'INV-7' },
        demand: { dueDates: [{ day: '2026-10-01' }, { day: '2026-10-15' }], currency: 'USD' },
      },
    })
  })

  it('keeps the form’s own value where a draft is damaged or from another version', () => {
    const values = letterFormFromDraft(
      {
        type: 'Ransom Note',
        matter: 42,
        unknownField: 'dropped',
        details: { settlementOffer: 'yes', followUp: { letterId: 7 }, demand: 'not an object' },
      },
      base,
    )
    expect(values).toEqual(base)
    expect(letterFormFromDraft(null, base)).toBeNull()
    expect(letterFormFromDraft('a string', base)).toBeNull()
    expect(letterFormFromDraft([1, 2], base)).toBeNull()
  })
})
