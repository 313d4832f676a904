import type { PaymentGateway } from '@/domain/payment/payment-gateway'
import { createTestGateway } from '@/domain/payment/test-gateway'
import type { PaymentSettings } from '../config'
import { createStripeGateway, type StripeGateway } from './stripe-gateway'

export type RefundRequest = {
  chargeId: string
  amountCents: number
  /** One key per refund: asked again, the gateway answers the first refund. */
  idempotencyKey: string
}

export type Refunds = {
  refund(request: RefundRequest): Promise<{ refundId: string }>
}

/** A gateway the server hands the card to, as the device does: the test gateway. */
export type CardGateway = PaymentGateway & Refunds & { readonly kind: 'card' }

/**
 * Who takes the money on the server, and refunds it: a card gateway, or Stripe,
 * whose own page takes the card and whose webhook reports the payment (decision 026).
 */
export type ServerGateway = CardGateway | StripeGateway

/** The test gateway on the server: the device's test cards, no delay, refunds that always succeed. */
export function createServerTestGateway(): CardGateway {
  const charges = createTestGateway({ delayMs: 0 })
  const refunds = new Map<string, { refundId: string }>()
  return {
    ...charges,
    kind: 'card',
    refund({ idempotencyKey }) {
      const refund = refunds.get(idempotencyKey) ?? { refundId: `re_test_${crypto.randomUUID()}` }
      refunds.set(idempotencyKey, refund)
      return Promise.resolve(refund)
    },
  }
}

/** The gateway PAYMENT_GATEWAY names; the test gateway when none is named. */
export function gatewayFor(settings: PaymentSettings | undefined): ServerGateway {
  return settings?.gateway === 'stripe' ? createStripeGateway(settings) : createServerTestGateway()
}
