import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AppError, ERROR_MESSAGES, type ErrorCode } from '@/domain/errors'
import {
  checkCardDetails,
  isCardNumberValid,
  isCvvValid,
  isExpired,
  luhnValid,
  normalizeCardNumber,
  parseExpiry,
} from './card'
import type { CardDetails } from './payment-gateway'
import { createTestGateway, TEST_CARD_OUTCOMES } from './test-gateway'

const NOW = new Date(2026, 10, 22) // 22 November 2026, local time

/** The digit that makes `body` pass Luhn when appended. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit++) {
    if (luhnValid(body + String(digit))) return String(digit)
  }
  throw new Error(`No check digit for ${body}`)
}

const digits = (min: number, max: number) =>
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max })
    .map((list) => list.join(''))

/** A Luhn-valid number of 12 to 19 digits. */
const cardDigits = digits(11, 18).map((body) => body + luhnCheckDigit(body))

/** The number as people type it: grouped with spaces or dashes, anywhere. */
const typedNumber = cardDigits.chain((number) =>
  fc
    .array(fc.constantFrom('', '', '', ' ', '-', '  '), {
      minLength: number.length,
      maxLength: number.length,
    })
    .map((separators) => [...number].map((digit, i) => digit + (separators[i] ?? '')).join('')),
)

const futureExpiry = fc
  .record({ month: fc.integer({ min: 1, max: 12 }), year: fc.integer({ min: 2026, max: 2099 }) })
  .filter(({ month, year }) => year * 12 + month >= 2026 * 12 + 11)
  .map(
    ({ month, year }) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`,
  )

const goodCard: fc.Arbitrary<CardDetails> = fc.record({
  cardNumber: typedNumber,
  expiryDate: futureExpiry,
  cvv: digits(3, 4),
  cardholderName: fc.string({ minLength: 1 }).filter((name) => name.trim() !== ''),
})

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), digits(0, 20))

const anyCard: fc.Arbitrary<CardDetails> = fc.record(
  {
    cardNumber: fc.oneof(anyText, typedNumber),
    expiryDate: fc.oneof(
      anyText,
      futureExpiry,
      fc.string({ unit: fc.constantFrom('0', '1', '/', '9') }),
    ),
    cvv: anyText,
    cardholderName: anyText,
    billingAddress: anyText,
    city: anyText,
    zipCode: anyText,
  },
  { requiredKeys: ['cardNumber', 'expiryDate', 'cvv', 'cardholderName'] },
)

const anyDate = fc.date({
  min: new Date(1970, 0, 1),
  max: new Date(2200, 0, 1),
  noInvalidDate: true,
})

describe('checkCardDetails', () => {
  it('never throws; it passes a card or names a catalogued problem', () => {
    fc.assert(
      fc.property(anyCard, anyDate, (card, now) => {
        const problem = checkCardDetails(card, now)
        if (problem === null) {
          // Passing means every rule holds, not merely that none was checked.
          expect(isCardNumberValid(card.cardNumber)).toBe(true)
          const expiry = parseExpiry(card.expiryDate)
          expect(expiry).not.toBeNull()
          if (expiry) expect(isExpired(expiry, now)).toBe(false)
          expect(isCvvValid(card.cvv)).toBe(true)
          expect(card.cardholderName.trim()).not.toBe('')
        } else {
          expect(Object.keys(ERROR_MESSAGES)).toContain(problem)
          expect(ERROR_MESSAGES[problem].trim()).not.toBe('')
        }
      }),
      { numRuns: 1_000 },
    )
  })

  it('passes every well-formed card, however the number is grouped', () => {
    fc.assert(
      fc.property(goodCard, (card) => {
        expect(checkCardDetails(card, NOW)).toBeNull()
      }),
    )
  })

  const GOOD = {
    cardNumber: '4242 4242 4242 4242',
    expiryDate: '11/26',
    cvv: '123',
    cardholderName: 'Ada Lovelace',
  }
  const KNOWN_BAD: [string, Partial<CardDetails>, ErrorCode][] = [
    ['a blank number', { cardNumber: '   ' }, 'PAYMENT_DETAILS_REQUIRED'],
    ['a blank name', { cardholderName: '\t' }, 'PAYMENT_DETAILS_REQUIRED'],
    ['a blank CVV', { cvv: '' }, 'PAYMENT_DETAILS_REQUIRED'],
    ['a wrong check digit', { cardNumber: '4242 4242 4242 4241' }, 'CARD_NUMBER_INVALID'],
    ['letters in the number', { cardNumber: '4242 4242 4242 424O' }, 'CARD_NUMBER_INVALID'],
    ['eleven digits', { cardNumber: '42424242428' }, 'CARD_NUMBER_INVALID'],
    ['twenty digits', { cardNumber: '42424242424242424242' }, 'CARD_NUMBER_INVALID'],
    ['dots between groups', { cardNumber: '4242.4242.4242.4242' }, 'CARD_NUMBER_INVALID'],
    ['month 13', { expiryDate: '13/30' }, 'CARD_EXPIRY_INVALID'],
    ['month 00', { expiryDate: '00/30' }, 'CARD_EXPIRY_INVALID'],
    ['a four-digit year', { expiryDate: '11/2030' }, 'CARD_EXPIRY_INVALID'],
    ['no slash', { expiryDate: '1130' }, 'CARD_EXPIRY_INVALID'],
    ['last month', { expiryDate: '10/26' }, 'CARD_EXPIRED'],
    ['a two-digit CVV', { cvv: '12' }, 'CVV_INVALID'],
    ['a five-digit CVV', { cvv: '12345' }, 'CVV_INVALID'],
    ['a CVV with a letter', { cvv: '12a' }, 'CVV_INVALID'],
  ]

  it.each(KNOWN_BAD)('refuses %s', (_case, change, code) => {
    expect(checkCardDetails({ ...GOOD, ...change }, NOW)).toBe(code)
  })
})

describe('luhnValid', () => {
  it('catches every single mistyped digit', () => {
    fc.assert(
      fc.property(cardDigits, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, at, shift) => {
        const i = at % number.length
        const wrong = String((Number(number[i]) + shift) % 10)
        expect(luhnValid(number.slice(0, i) + wrong + number.slice(i + 1))).toBe(false)
      }),
    )
  })

  it('catches every swap of neighbouring digits except 09 and 90', () => {
    fc.assert(
      fc.property(cardDigits, fc.nat(), (number, at) => {
        const i = at % (number.length - 1)
        const [a = '', b = ''] = [number[i], number[i + 1]]
        fc.pre(a !== b && `${a}${b}` !== '09' && `${a}${b}` !== '90')
        expect(luhnValid(number.slice(0, i) + b + a + number.slice(i + 2))).toBe(false)
      }),
    )
  })
})

describe('the test gateway', () => {
  const gateway = () =>
    createTestGateway({ clock: () => NOW, delayMs: 0, sleep: () => Promise.resolve() })

  it('keeps only the brand and last four digits of any card it charges', async () => {
    await fc.assert(
      fc.asyncProperty(goodCard, fc.integer({ min: 1, max: 10_000_000 }), async (card, amount) => {
        const number = normalizeCardNumber(card.cardNumber)
        fc.pre(TEST_CARD_OUTCOMES[number] === undefined)
        const result = await gateway().charge({
          amountCents: amount,
          currency: 'USD',
          card,
          idempotencyKey: crypto.randomUUID(),
          description: 'Letterhead Single Letter',
        })
        expect(Object.keys(result).sort()).toEqual([
          'amountCents',
          'cardBrand',
          'cardLast4',
          'chargeId',
        ])
        expect(result.amountCents).toBe(amount)
        expect(result.cardLast4).toBe(number.slice(-4))
        expect(JSON.stringify(result)).not.toContain(number)
        expect(JSON.stringify(result)).not.toContain(`"${card.cvv}"`)
      }),
      { numRuns: 50 },
    )
  })

  it('refuses any amount that is not a whole, positive number of cents', async () => {
    const badAmount = fc.oneof(
      fc.integer({ max: 0 }),
      fc.double().filter((n) => !Number.isSafeInteger(n)),
    )
    await fc.assert(
      fc.asyncProperty(goodCard, badAmount, async (card, amountCents) => {
        const charge = gateway().charge({
          amountCents,
          currency: 'USD',
          card,
          idempotencyKey: crypto.randomUUID(),
          description: 'Letterhead Single Letter',
        })
        await expect(charge).rejects.toThrow(AppError)
        await expect(charge).rejects.toMatchObject({ code: 'PAYMENT_AMOUNT_INVALID' })
      }),
      { numRuns: 50 },
    )
  })
})
