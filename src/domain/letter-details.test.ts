import { describe, expect, it } from 'vitest'
import { detailsForType, letterDetailsSchema, replyWithinDays } from './letter-details'

const every = {
  reference: 'INV-2026-0142',
  replyWithinDays: 14,
  settlementOffer: true,
  followUp: { letterId: '0b7f8e0e-8c5f-4c3e-9d1e-2f0a7c1b9a11', date: '2026-10-01' },
  demand: { amountCents: 425_000 },
  recommendation: { candidateName: 'Ana Ruiz' },
}

describe('letter details', () => {
  it('keeps only the section of the letter’s own type', () => {
    expect(detailsForType('Demand Letter', every)).toEqual({
      reference: 'INV-2026-0142',
      replyWithinDays: 14,
      settlementOffer: true,
      followUp: every.followUp,
      demand: { amountCents: 425_000 },
    })
  })

  it('drops the reply machinery from types that ask nothing of their reader', () => {
    expect(detailsForType('Recommendation Letter', every)).toEqual({
      reference: 'INV-2026-0142',
      recommendation: { candidateName: 'Ana Ruiz' },
    })
  })

  it('gives the seed’s 30 days when Reply Within is not answered', () => {
    expect(replyWithinDays(undefined)).toBe(30)
    expect(replyWithinDays({})).toBe(30)
    expect(replyWithinDays({ replyWithinDays: 10 })).toBe(10)
  })

  it.each([
    [{ replyWithinDays: 0 }, 'Reply Within (days) must be at least 1 day'],
    [{ replyWithinDays: 366 }, 'Reply Within (days) must be at most 365 days'],
    [{ replyWithinDays: 2.5 }, 'Reply Within (days) must be a whole number of days'],
    [{ demand: { amountCents: -5 } }, 'Amount Owed must be more than zero'],
    [{ demand: { dueDates: ['2026-02-30'] } }, 'Date it fell due must be a real date'],
    [{ corporate: { meetingTime: '25:00' } }, 'Meeting time must be a time, such as 14:30'],
    [
      { senderEmail: 'not an email' },
      'Your email must be an email address, such as name@example.com',
    ],
    [{ reference: '   ' }, 'Reference Number cannot be blank'],
    [{ unknown: 1 }, undefined],
  ])('refuses %j with a message naming the question', (details, message) => {
    const result = letterDetailsSchema.safeParse(details)
    expect(result.success).toBe(false)
    if (message !== undefined) expect(result.error?.issues.map((i) => i.message)).toContain(message)
  })

  it('accepts realistic answers and trims them', () => {
    const parsed = letterDetailsSchema.parse({
      reference: ' INV-2026-0142 ',
      deliveryMethod: 'Certified Mail, Return Receipt Requested',
      enclosures: ['Invoice INV-2026-0142'],
      senderPhone: '(617) 555-0142',
      senderEmail: 'dana@example.com',
      demand: { amountCents: 425_000, currency: 'USD', dueDates: ['2026-08-31'] },
      corporate: { meetingDate: '2026-12-15', meetingTime: '14:30' },
    })
    expect(parsed.reference).toBe('INV-2026-0142')
  })
})
