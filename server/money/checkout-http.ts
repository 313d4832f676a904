import { errorBodySchema } from '@/domain/api'
import { type ApiSubscription, IDEMPOTENCY_KEY_PATTERN } from '@/domain/checkout'
import { AppError } from '@/domain/errors'
import type { SubscriptionRow } from './purchase'

/** What a checkout route may answer besides its purchase, each as `{error:{code,message}}`. */
export const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}

export const toApiSubscription = (row: SubscriptionRow): ApiSubscription => ({
  id: row.id,
  plan: row.plan,
  listCents: row.listCents,
  discountPercent: row.discountPercent,
  discountCents: row.discountCents,
  priceCents: row.priceCents,
  letters: row.letters,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  couponCode: row.couponCode,
  cardBrand: row.cardBrand,
  cardLast4: row.cardLast4,
  createdAt: row.createdAt.toISOString(),
})

/** The checkout's Idempotency-Key, or a 400 saying what one must be. */
export function requireIdempotencyKey(key: string | undefined): string {
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(
      'INVALID_INPUT',
      'A checkout needs an Idempotency-Key header: 8 to 100 letters, digits, - or _.',
    )
  }
  return key
}
