import { describe, expect, it } from 'vitest'
import { NOTICE_PERIODS, noticePeriodFor, noticePeriodWarning } from './notice-periods'

describe('statutory notice periods', () => {
  it('finds a state by name or postal code, in the United States only', () => {
    expect(noticePeriodFor('United States', 'Massachusetts')?.days).toBe(30)
    expect(noticePeriodFor('USA', ' tx ')?.days).toBe(60)
    expect(noticePeriodFor(undefined, 'MA')?.citation).toBe('Mass. Gen. Laws ch. 93A, § 9(3)')
    expect(noticePeriodFor('Canada', 'MA')).toBeUndefined()
    expect(noticePeriodFor('United States', 'Vermont')).toBeUndefined()
    expect(noticePeriodFor('United States', '')).toBeUndefined()
  })

  it('warns only when Reply Within is shorter, naming the statute', () => {
    const texas = noticePeriodFor('US', 'Texas')
    if (!texas) throw new Error('Texas has a notice period')
    expect(noticePeriodWarning(texas, 60)).toBeUndefined()
    expect(noticePeriodWarning(texas, 30)).toContain('Tex. Bus. & Com. Code § 17.505(a)')
    expect(noticePeriodWarning(texas, 30)).toContain('not legal advice')
  })

  it('carries a citation and a link to the statute’s text for every entry', () => {
    for (const entry of NOTICE_PERIODS) {
      expect(entry.citation).not.toBe('')
      expect(new URL(entry.url).protocol).toBe('https:')
    }
  })
})
