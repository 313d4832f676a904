import type { PaymentGateway } from '@/domain/payment/payment-gateway'
import { createTestGateway } from '@/domain/payment/test-gateway'

export type RefundRequest = {
  chargeId: string
  amountCents: number
  /** One key per refund: asked again, the gateway answers the first refund. */
  idempotencyKey: string
}

/** Who takes the money on the server: charges as on the device, and refunds. */
export type ServerGateway = PaymentGateway & {
  refund(request: RefundRequest): Promise<{ refundId: string }>
}

/** The test gateway on the server: the device's test cards, no delay, refunds that always succeed. */
export function createServerTestGateway(): ServerGateway {
  const charges = createTestGateway({ delayMs: 0 })
  const refunds = new Map<string, { refundId: string }>()
  return {
    ...charges,
    refund({ idempotencyKey }) {
      const refund = refunds.get(idempotencyKey) ?? { refundId: `re_test_${crypto.randomUUID()}` }
      refunds.set(idempotencyKey, refund)
      return Promise.resolve(refund)
    },
  }
}
