import { describe, expect, it } from 'vitest'
import { formatAmountInput, parseAmount } from './parse-amount'

describe('parseAmount', () => {
  it.each([
    ['$4,250', 425_000],
    ['4250.00', 425_000],
    ['4250', 425_000],
    [' 4,250.5 ', 425_050],
    ['0.75', 75],
    ['$1,000,000.01', 100_000_001],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ cents })
  })

  it('names the currency a sign or code gives', () => {
    expect(parseAmount('£80')).toEqual({ cents: 8000, currency: 'GBP' })
    expect(parseAmount('€12.50')).toEqual({ cents: 1250, currency: 'EUR' })
    expect(parseAmount('CA$12.50')).toEqual({ cents: 1250, currency: 'CAD' })
    expect(parseAmount('USD 99')).toEqual({ cents: 9900, currency: 'USD' })
    expect(parseAmount('99 aud')).toEqual({ cents: 9900, currency: 'AUD' })
  })

  it.each([
    'four thousand',
    '',
    '$',
    '-50',
    '12.345',
    '1,2,3',
    '42,50',
    '4.250,00',
    'XYZ 10',
    '$10 USD',
    '10abc',
  ])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeUndefined()
  })

  it('writes cents back in a form it reads again', () => {
    for (const cents of [1, 75, 425_000, 100_000_001]) {
      expect(formatAmountInput(cents)).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/)
      expect(parseAmount(formatAmountInput(cents))).toEqual({ cents })
    }
  })
})
