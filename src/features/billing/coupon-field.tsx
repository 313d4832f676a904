import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { AppError, messageFor } from '@/domain/errors'
import { normalizeCouponCode } from '@/domain/coupon-code'
import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import { useCheckoutStore } from './checkout-store'

/** Coupon Code with Apply and Remove; a wrong code clears any coupon applied before. */
export function CouponField() {
  const repository = useRepository()
  const { coupon, applyCoupon, removeCoupon } = useCheckoutStore()
  const [code, setCode] = useState('')
  const [alert, setAlert] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)

  async function apply() {
    setAlert(null)
    setChecking(true)
    try {
      if (normalizeCouponCode(code) === '') throw new AppError('COUPON_REQUIRED')
      const found = await repository.referrals.findEmployeeByCouponCode(code)
      if (!found) throw new AppError('INVALID_COUPON')
      applyCoupon({ code: found.couponCode, employeeId: found.employeeId })
      setCode(found.couponCode)
      toast.success('Coupon applied! 20% discount activated')
    } catch (error) {
      removeCoupon()
      setAlert(messageFor(error, 'INVALID_COUPON'))
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

  return (
    <form
      noValidate
      aria-label="Coupon"
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        void apply()
      }}
    >
      <FormAlert message={alert} />
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label="Coupon Code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder="EMP123ABC"
          className="min-w-0 flex-1"
          readOnly={coupon !== null}
        />
        {coupon ? (
          <Button variant="secondary" onClick={remove}>
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="secondary" disabled={checking}>
            Apply
          </Button>
        )}
      </div>
    </form>
  )
}
