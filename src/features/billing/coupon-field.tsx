import { Button } from '@/ui/button'
import { FormAlert } from '@/ui/form-alert'
import { TextField } from '@/ui/text-field'
import type { CouponEntry } from './use-coupon-entry'

/** Coupon Code with Apply and Remove; a wrong code clears any coupon applied before. */
export function CouponField({ entry }: { entry: CouponEntry }) {
  const { code, setCode, alert, checking, field, coupon, apply, remove } = entry
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
          ref={field}
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
