import { useRef, useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { AppError, messageFor } from '@/domain/errors'
import { normalizeCouponCode } from '@/domain/coupon-code'
import { useCheckoutStore } from './checkout-store'

/**
 * The Coupon Code field's text and its Apply and Remove. It lives in the order
 * summary rather than the field, so Continue to Payment can apply a code that
 * was typed but never applied instead of dropping it.
 */
export function useCouponEntry() {
  const repository = useRepository()
  const { coupon, applyCoupon, removeCoupon } = useCheckoutStore()
  // Back from the payment step, the field shows the coupon still applied.
  const [code, setCode] = useState(coupon?.code ?? '')
  const [alert, setAlert] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const field = useRef<HTMLInputElement>(null)

  /** Applies the typed code; a wrong one clears any coupon applied before. Whether it applied. */
  async function apply(): Promise<boolean> {
    setAlert(null)
    setChecking(true)
    try {
      if (normalizeCouponCode(code) === '') throw new AppError('COUPON_REQUIRED')
      const found = await repository.payments.findCoupon(code)
      if (found === null) throw new AppError('INVALID_COUPON')
      applyCoupon({ code: found })
      setCode(found)
      toast.success('Coupon applied! 20% discount activated')
      return true
    } catch (error) {
      removeCoupon()
      setAlert(messageFor(error, 'INVALID_COUPON'))
      return false
    } finally {
      setChecking(false)
    }
  }

  function remove() {
    removeCoupon()
    setCode('')
    setAlert(null)
    toast('Coupon removed')
  }

  /**
   * Before leaving the summary: applies a code in the field that is not the
   * coupon applied, as Apply would. When it does not apply, the field keeps the
   * text and takes focus beside the message. Whether checkout may go on.
   */
  async function applyTyped(): Promise<boolean> {
    const typed = normalizeCouponCode(code)
    if (typed === '' || typed === coupon?.code) return true
    const applied = await apply()
    if (!applied) field.current?.focus()
    return applied
  }

  return { code, setCode, alert, checking, field, coupon, apply, remove, applyTyped }
}

export type CouponEntry = ReturnType<typeof useCouponEntry>
