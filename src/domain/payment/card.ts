import type { ErrorCode } from '@/domain/errors'
import type { CardDetails } from './payment-gateway'

/** Input limits of the Payment step (the seed's maxLength values). */
export const CARD_NUMBER_MAX_LENGTH = 19
export const EXPIRY_MAX_LENGTH = 5
export const CVV_MAX_LENGTH = 4

/** 16 digits in groups of four with three spaces fill the 19-character field exactly. */
const CARD_NUMBER_MAX_DIGITS = 16

export type CardBrand = 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Card'

export type CardExpiry = { month: number; year: number }

export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '')
}

/**
 * Re-formats the whole field on every keystroke, so typing, pasting
 * (`4242-4242-…`) and deleting all land on the same grouped form. No trailing
 * space is ever added, so backspace never has to delete one.
 */
export function formatCardNumber(input: string): string {
  const digits = digitsOnly(input).slice(0, CARD_NUMBER_MAX_DIGITS)
  return (digits.match(/\d{1,4}/g) ?? []).join(' ')
}

/**
 * `MM/YY` as typed. The slash appears only once a year digit exists: a slash
 * added after the month would come back after every backspace and trap the
 * cursor.
 */
export function formatExpiry(input: string): string {
  const digits = digitsOnly(input).slice(0, 4)
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`
}

export function formatCvv(input: string): string {
  return digitsOnly(input).slice(0, CVV_MAX_LENGTH)
}

/** Luhn checksum over a string of digits only; anything else is not a card number. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** Spaces and dashes are how people write card numbers; any other character makes it invalid. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '')
}

export function isCardNumberValid(input: string): boolean {
  const digits = normalizeCardNumber(input)
  return /^\d{12,19}$/.test(digits) && luhnValid(digits)
}

/** Brand from the issuer prefix; only the common networks are named, the rest read as `Card`. */
export function cardBrand(input: string): CardBrand {
  const digits = digitsOnly(input)
  const prefix = (length: number) => Number(digits.slice(0, length))
  if (digits.startsWith('4')) return 'Visa'
  if (/^3[47]/.test(digits)) return 'American Express'
  if (between(prefix(2), 51, 55) || (digits.length >= 4 && between(prefix(4), 2221, 2720))) {
    return 'Mastercard'
  }
  if (digits.startsWith('6011') || digits.startsWith('65') || between(prefix(3), 644, 649)) {
    return 'Discover'
  }
  return 'Card'
}

function between(value: number, low: number, high: number): boolean {
  return value >= low && value <= high
}

export function lastFour(input: string): string {
  return digitsOnly(input).slice(-4)
}

/** `MM/YY` with a month from 01 to 12; the year is read as 20YY. */
export function parseExpiry(input: string): CardExpiry | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(input.trim())
  if (!match) return null
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  return month >= 1 && month <= 12 ? { month, year } : null
}

/**
 * A card works through the last day of its expiry month, so it is expired
 * only from the first day of the following month (in the customer's local
 * calendar, which is the one printed on the card).
 */
export function isExpired(expiry: CardExpiry, now: Date): boolean {
  const current = now.getFullYear() * 12 + now.getMonth() + 1
  return expiry.year * 12 + expiry.month < current
}

export function isCvvValid(input: string): boolean {
  return /^\d{3,4}$/.test(input.trim())
}

/**
 * The first problem with the typed details, in the order the customer should
 * fix them, or `null`. The Payment form and the gateway share it so both
 * refuse the same input with the same message.
 */
export function checkCardDetails(card: CardDetails, now: Date): ErrorCode | null {
  const required = [card.cardNumber, card.expiryDate, card.cvv, card.cardholderName]
  if (required.some((value) => value.trim() === '')) return 'PAYMENT_DETAILS_REQUIRED'
  if (!isCardNumberValid(card.cardNumber)) return 'CARD_NUMBER_INVALID'
  const expiry = parseExpiry(card.expiryDate)
  if (!expiry) return 'CARD_EXPIRY_INVALID'
  if (isExpired(expiry, now)) return 'CARD_EXPIRED'
  if (!isCvvValid(card.cvv)) return 'CVV_INVALID'
  return null
}
