import { Loader2 } from 'lucide-react'
import type { Plan } from '@/domain/plans'
import { messageFor } from '@/domain/errors'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { useCheckoutStore } from './checkout-store'
import { PaymentForm } from './payment-form'
import { StripePayment } from './stripe-payment'
import type { useCheckoutGateway } from './use-checkout-gateway'

type PaymentStepProps = {
  plan: Plan
  userId: string
  gateway: ReturnType<typeof useCheckoutGateway>
}

/** Step 2 as the gateway takes payment: the card here, or Stripe's own page. */
export function PaymentStep({ plan, userId, gateway }: PaymentStepProps) {
  if (gateway.status === 'ready') {
    return gateway.gateway === 'stripe' ? (
      <StripePayment plan={plan} userId={userId} />
    ) : (
      <PaymentForm plan={plan} userId={userId} />
    )
  }
  return <GatewayNotKnown gateway={gateway} />
}

/** Until the server has said how it takes payment, nothing is asked for: no card, no page. */
function GatewayNotKnown({ gateway }: Pick<PaymentStepProps, 'gateway'>) {
  const back = useCheckoutStore((state) => state.back)
  return (
    <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
      <h2 id="payment-heading" className="text-xl font-semibold">
        Payment
      </h2>
      {gateway.status === 'failed' ? (
        <FormAlert message={messageFor(gateway.error, 'SERVER_UNREACHABLE')} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          Getting the payment ready…
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {gateway.status === 'failed' ? <Button onClick={gateway.retry}>Try Again</Button> : null}
        <Button variant="ghost" onClick={back}>
          Back
        </Button>
      </div>
    </section>
  )
}
