import { describe, expect, it } from 'vitest'
import { storedDetails, storedReplyBy, storedReplyState } from './stored-details'

describe('what a letter stores of its guided answers', () => {
  it('keeps only its own type’s section, and no empty sections', () => {
    expect(
      storedDetails('Demand Letter', {
        reference: 'INV-1042',
        demand: { amountCents: 125_000 },
        cease: { conduct: 'Copying our logo.' },
        corporate: {},
      }),
    ).toEqual({ reference: 'INV-1042', demand: { amountCents: 125_000 } })
    expect(storedDetails('Demand Letter', { reference: 'INV-1042', demand: {} })).toEqual({
      reference: 'INV-1042',
    })
  })

  it('keeps no reply machinery for a type that asks nothing back', () => {
    expect(
      storedDetails('Recommendation Letter', {
        replyWithinDays: 14,
        settlementOffer: true,
        recommendation: { candidateName: 'Grace Hopper' },
      }),
    ).toEqual({ recommendation: { candidateName: 'Grace Hopper' } })
  })

  it('stores nothing when nothing was answered', () => {
    expect(storedDetails('Legal Notice', undefined)).toBeUndefined()
    expect(storedDetails('Legal Notice', null)).toBeUndefined()
    expect(storedDetails('Legal Notice', { notice: {} })).toBeUndefined()
    expect(storedDetails('Corporate Document', { replyWithinDays: 10 })).toBeUndefined()
  })

  it('keeps a reply-by day and its state only for the asking types', () => {
    expect(storedReplyBy('Cease and Desist', '2026-12-22')).toBe('2026-12-22')
    expect(storedReplyBy('Corporate Document', '2026-12-22')).toBeUndefined()
    expect(storedReplyBy('Business Letter', null)).toBeUndefined()
    expect(storedReplyState('Business Letter', 'received')).toBe('received')
    expect(storedReplyState('Recommendation Letter', 'resolved')).toBeUndefined()
  })
})
