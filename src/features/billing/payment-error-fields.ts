import type { ErrorCode } from '@/domain/errors'

export type CardField = 'cardNumber' | 'expiryDate' | 'cvv' | 'cardholderName'

/**
 * Which typed field each payment error is about. Once that field changes the
 * error no longer describes what is on screen, so it goes; errors about the
 * card as a whole (a bank's decline) go when the card number changes.
 */
const CONCERNS: Partial<Record<ErrorCode, readonly CardField[]>> = {
  PAYMENT_DETAILS_REQUIRED: ['cardNumber', 'expiryDate', 'cvv', 'cardholderName'],
  CARD_NUMBER_INVALID: ['cardNumber'],
  CARD_EXPIRY_INVALID: ['expiryDate'],
  CARD_EXPIRED: ['expiryDate'],
  CVV_INVALID: ['cvv'],
  CARD_DECLINED_CVC: ['cvv', 'cardNumber'],
  CARD_DECLINED_EXPIRED: ['cardNumber', 'expiryDate'],
  CARD_DECLINED_INSUFFICIENT_FUNDS: ['cardNumber'],
  PAYMENT_FAILED: ['cardNumber'],
}

export function errorConcerns(code: ErrorCode | null, field: CardField): boolean {
  return code !== null && (CONCERNS[code] ?? []).includes(field)
}
