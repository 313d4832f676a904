import { z } from '@/lib/zod'

/**
 * Checkout through the Letterhead server (DESIGN.md §6 and §8): the contract
 * the server validates with and the app reads answers with. The price is never
 * sent: the server takes it from the catalogue (plans.ts) and the coupon.
 */

export const CHECKOUT_PATHS = {
  checkout: '/api/checkout',
  /** How this server takes payment, so the app knows whether its Payment step asks for a card. */
  options: '/api/checkout/options',
  /** `{code}` is the code as typed; the server trims, upper-cases and folds look-alikes. */
  coupon: '/api/coupons/:code',
  /** Where Stripe delivers its signed events when the server's gateway is Stripe (decision 026). */
  stripeWebhook: '/api/stripe/webhook',
} as const

export const couponPath = (code: string) => `/api/coupons/${encodeURIComponent(code)}`

/** The header a checkout must carry: one value per purchase attempt, reused on a retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/

/** What the customer typed on the Payment step; checked on the server, never stored or logged. */
export const cardDetailsSchema = z.strictObject({
  cardNumber: z.string().max(40),
  expiryDate: z.string().max(10),
  cvv: z.string().max(10),
  cardholderName: z.string().max(200),
  billingAddress: z.string().max(500).optional(),
  city: z.string().max(200).optional(),
  zipCode: z.string().max(40).optional(),
})

export const checkoutRequestSchema = z.strictObject({
  /** A plan id of the catalogue; any other answers `Invalid plan selected`. */
  plan: z.string().max(40),
  couponCode: z.string().max(40).optional(),
  card: cardDetailsSchema,
})
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>

/**
 * A checkout when the server's gateway is Stripe (decision 026): Stripe's own
 * page takes the card, so none is needed. One the app sends anyway is accepted
 * and ignored, never checked, kept or passed on.
 */
export const hostedCheckoutRequestSchema = checkoutRequestSchema.extend({
  card: cardDetailsSchema.optional(),
})
export type HostedCheckoutRequest = z.infer<typeof hostedCheckoutRequestSchema>

const iso = z.iso.datetime({ offset: true })

/** A purchase as its owner sees it: no card number, no employee's identity. */
export const apiSubscriptionSchema = z.object({
  id: z.uuid(),
  plan: z.string(),
  listCents: z.number().int(),
  discountPercent: z.number().int(),
  discountCents: z.number().int(),
  priceCents: z.number().int(),
  letters: z.number().int(),
  expiresAt: iso.nullable(),
  couponCode: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  createdAt: iso,
})
export type ApiSubscription = z.infer<typeof apiSubscriptionSchema>

export const checkoutResponseSchema = z.object({ subscription: apiSubscriptionSchema })

/** Stripe's page where the customer pays; the purchase is written when Stripe reports it paid. */
export const checkoutRedirectSchema = z.object({ checkoutUrl: z.url({ protocol: /^https?$/ }) })

/** What `POST /api/checkout` answers under either gateway. */
export const checkoutAnswerSchema = z.union([checkoutResponseSchema, checkoutRedirectSchema])
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>

/**
 * How the server takes payment: the test gateway checks a card sent with the
 * checkout, Stripe takes it on its own page (decision 026). Public, and
 * nothing secret: which gateway, never its keys.
 */
export const CHECKOUT_GATEWAYS = ['test', 'stripe'] as const
export type CheckoutGateway = (typeof CHECKOUT_GATEWAYS)[number]
export const checkoutOptionsSchema = z.object({ gateway: z.enum(CHECKOUT_GATEWAYS) })
export type CheckoutOptions = z.infer<typeof checkoutOptionsSchema>

/** A coupon that exists: the code as it is stored (look-alikes resolved) and what it takes off. */
export const couponResponseSchema = z.object({
  code: z.string(),
  discountPercent: z.number().int(),
})
export type CouponAnswer = z.infer<typeof couponResponseSchema>
