import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cardBrand,
  checkCardDetails,
  digitsOnly,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isCardNumberValid,
  isCvvValid,
  isExpired,
  lastFour,
  luhnValid,
  parseExpiry,
} from './card'

const NOW = new Date(2026, 10, 22) // 22 November 2026, local time

/** Replays typing one character at a time through the formatter, as the input does. */
function typeInto(formatter: (value: string) => string, keys: string): string {
  return [...keys].reduce((value, key) => formatter(value + key), '')
}

describe('formatCardNumber', () => {
  it('groups digits in fours as typed', () => {
    expect(typeInto(formatCardNumber, '4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('424242')).toBe('4242 42')
    expect(formatCardNumber('4242 42')).toBe('4242 42')
    expect(formatCardNumber('4242')).toBe('4242')
    expect(formatCardNumber('')).toBe('')
  })

  it('cleans pasted numbers and stops at 16 digits', () => {
    expect(formatCardNumber('4242-4242-4242-4242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber(' 4242 4242 4242 4242 ')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4242 4242 4242 4242 999')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('abc')).toBe('')
  })

  it('lets backspace remove digits without leaving a trailing space', () => {
    expect(formatCardNumber('4242 ')).toBe('4242')
    expect(formatCardNumber('4242 4242 4')).toBe('4242 4242 4')
    expect(formatCardNumber('4242 4242 ')).toBe('4242 4242')
  })

  it('never exceeds 19 characters and holds only digits and spaces', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const out = formatCardNumber(input)
        expect(out.length).toBeLessThanOrEqual(19)
        expect(out).toMatch(/^[\d ]*$/)
        expect(formatCardNumber(out)).toBe(out)
      }),
    )
  })
})

describe('formatExpiry', () => {
  it('builds MM/YY as typed', () => {
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12')
    expect(formatExpiry('123')).toBe('12/3')
    expect(formatExpiry('1228')).toBe('12/28')
    expect(typeInto(formatExpiry, '1228')).toBe('12/28')
    expect(typeInto(formatExpiry, '12/28')).toBe('12/28')
  })

  it('deletes naturally and caps at five characters', () => {
    expect(formatExpiry('12/')).toBe('12') // backspace over the year digit
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12/289')).toBe('12/28')
    expect(formatExpiry('12-28')).toBe('12/28')
  })

  it('formats CVV as digits, at most four', () => {
    expect(formatCvv('12a34 5')).toBe('1234')
    expect(digitsOnly('a1 b2-3')).toBe('123')
  })
})

describe('card numbers', () => {
  it('checks Luhn on known numbers', () => {
    for (const good of ['4242424242424242', '5555555555554444', '378282246310005', '79927398713']) {
      expect(luhnValid(good)).toBe(true)
    }
    for (const bad of ['4242424242424241', '1234567812345678', '79927398710', '', '4242 4242']) {
      expect(luhnValid(bad)).toBe(false)
    }
  })

  it('accepts 12 to 19 Luhn-valid digits, with spaces or dashes', () => {
    expect(isCardNumberValid('4242 4242 4242 4242')).toBe(true)
    expect(isCardNumberValid('4242-4242-4242-4242')).toBe(true)
    expect(isCardNumberValid('79927398713')).toBe(false) // 11 digits
    expect(isCardNumberValid('4242x4242x4242x4242')).toBe(false)
    expect(isCardNumberValid('4242 4242 4242 4241')).toBe(false)
  })

  it('names the common brands', () => {
    expect(cardBrand('4242 4242 4242 4242')).toBe('Visa')
    expect(cardBrand('5555555555554444')).toBe('Mastercard')
    expect(cardBrand('2223003122003222')).toBe('Mastercard')
    expect(cardBrand('378282246310005')).toBe('American Express')
    expect(cardBrand('341111111111111')).toBe('American Express')
    expect(cardBrand('6011111111111117')).toBe('Discover')
    expect(cardBrand('6445644564456445')).toBe('Discover')
    expect(cardBrand('3530111333300000')).toBe('Card')
    expect(cardBrand('')).toBe('Card')
  })

  it('keeps the last four digits', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242')
    expect(lastFour('5555555555554444')).toBe('4444')
  })
})

describe('expiry', () => {
  it('parses MM/YY with a month from 01 to 12', () => {
    expect(parseExpiry('11/26')).toEqual({ month: 11, year: 2026 })
    expect(parseExpiry(' 01/30 ')).toEqual({ month: 1, year: 2030 })
    for (const bad of ['13/27', '00/27', '1/27', '11/2026', '1126', '', 'ab/cd']) {
      expect(parseExpiry(bad)).toBeNull()
    }
  })

  it('is valid through the last day of the expiry month', () => {
    expect(isExpired({ month: 11, year: 2026 }, NOW)).toBe(false)
    expect(isExpired({ month: 11, year: 2026 }, new Date(2026, 10, 30, 23, 59))).toBe(false)
    expect(isExpired({ month: 11, year: 2026 }, new Date(2026, 11, 1))).toBe(true)
    expect(isExpired({ month: 10, year: 2026 }, NOW)).toBe(true)
    expect(isExpired({ month: 12, year: 2025 }, NOW)).toBe(true)
    expect(isExpired({ month: 1, year: 2027 }, NOW)).toBe(false)
  })

  it('checks CVV length', () => {
    expect(isCvvValid('123')).toBe(true)
    expect(isCvvValid('1234')).toBe(true)
    for (const bad of ['12', '12345', '12a', '']) expect(isCvvValid(bad)).toBe(false)
  })
})

describe('checkCardDetails', () => {
  const card = {
    cardNumber: '4242 4242 4242 4242',
    expiryDate: '11/26',
    cvv: '123',
    cardholderName: 'Ada Lovelace',
  }

  it('reports the first problem in the order the form shows fields', () => {
    expect(checkCardDetails(card, NOW)).toBeNull()
    expect(checkCardDetails({ ...card, cardholderName: '  ' }, NOW)).toBe(
      'PAYMENT_DETAILS_REQUIRED',
    )
    expect(checkCardDetails({ ...card, cardNumber: '4242', cvv: '1' }, NOW)).toBe(
      'CARD_NUMBER_INVALID',
    )
    expect(checkCardDetails({ ...card, expiryDate: '13/27', cvv: '1' }, NOW)).toBe(
      'CARD_EXPIRY_INVALID',
    )
    expect(checkCardDetails({ ...card, expiryDate: '10/26', cvv: '1' }, NOW)).toBe('CARD_EXPIRED')
    expect(checkCardDetails({ ...card, cvv: '12' }, NOW)).toBe('CVV_INVALID')
  })
})
