import { Loader2, Lock } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { formatCents, priceWithCoupon } from '@/domain/money'
import type { Plan } from '@/domain/plans'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { useCheckoutStore } from './checkout-store'
import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  EXPIRY_MAX_LENGTH,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from '@/domain/payment/card'
import type { CardDetails } from '@/domain/payment/payment-gateway'
import { usePay } from './use-pay'

const EMPTY_CARD: Required<CardDetails> = {
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardholderName: '',
  billingAddress: '',
  city: '',
  zipCode: '',
}

/** Step 2: card details, checked by the gateway; the number and CVV are never stored. */
export function PaymentForm({ plan, userId }: { plan: Plan; userId: string }) {
  const { coupon, back } = useCheckoutStore()
  const { pay, processing, alert, edited } = usePay(userId)
  const form = useForm<Required<CardDetails>>({ defaultValues: EMPTY_CARD })
  const total = formatCents(priceWithCoupon(plan.priceCents, coupon !== null).priceCents)

  // Formats as the person types, keeping what the card networks print: groups of four, MM/YY.
  const formatted = (
    name: 'cardNumber' | 'expiryDate' | 'cvv',
    format: (value: string) => string,
  ) => {
    const field = form.register(name)
    return {
      ...field,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        event.target.value = format(event.target.value)
        edited(name)
        return field.onChange(event)
      },
    }
  }

  return (
    <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
      <h2 id="payment-heading" className="text-xl font-semibold">
        Payment
      </h2>
      <p className="text-sm text-ink-600 dark:text-ink-300">
        {plan.name} · {total}. Test mode: use 4242 4242 4242 4242 with any future date; no money
        moves.
      </p>
      <form
        noValidate
        aria-label="Payment details"
        className="flex flex-col gap-4"
        onSubmit={(event) => void form.handleSubmit((values) => pay(values))(event)}
      >
        <FormAlert message={alert} />
        <TextField
          label="Card Number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={CARD_NUMBER_MAX_LENGTH}
          {...formatted('cardNumber', formatCardNumber)}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry Date"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={EXPIRY_MAX_LENGTH}
            {...formatted('expiryDate', formatExpiry)}
          />
          <TextField
            label="CVV"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={CVV_MAX_LENGTH}
            {...formatted('cvv', formatCvv)}
          />
        </div>
        <TextField
          label="Cardholder Name"
          autoComplete="cc-name"
          {...form.register('cardholderName', { onChange: () => edited('cardholderName') })}
        />
        <TextField
          label="Billing Address"
          autoComplete="street-address"
          hint="Optional"
          {...form.register('billingAddress')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="City"
            autoComplete="address-level2"
            hint="Optional"
            {...form.register('city')}
          />
          <TextField
            label="ZIP Code"
            autoComplete="postal-code"
            hint="Optional"
            {...form.register('zipCode')}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={processing} aria-busy={processing}>
            {processing ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Lock aria-hidden className="size-4" />
            )}
            {processing ? `Paying ${total}…` : `Pay ${total}`}
          </Button>
          <Button variant="ghost" onClick={back} disabled={processing}>
            Back
          </Button>
        </div>
      </form>
    </section>
  )
}
