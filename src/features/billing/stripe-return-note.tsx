import { CheckCircle2, Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLive } from '@/data/use-live'
import type { StripeReturn } from '@/domain/stripe-return'
import { finishAttempt } from './checkout-attempt'
import { lettersAdded, readDeparture, rememberDeparture } from './stripe-departure'

/** How long the payment is awaited before the note says what may have happened. */
export const STRIPE_PATIENCE_MS = 60_000

const NOTE = 'flex items-start gap-2 rounded-md border px-3 py-2 text-sm'
const CALM = `${NOTE} border-ink-100 bg-white dark:border-ink-800 dark:bg-ink-900`
const GOOD = `${NOTE} border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100`

/**
 * Back from Stripe's page (the `checkout` search parameter Stripe's return
 * address carries): after cancelling there, that nothing was charged; after
 * paying, that the payment is awaited until the purchase arrives by sync.
 */
export function StripeReturnNote({ userId, how }: { userId: string; how: StripeReturn }) {
  if (how === 'stripe-cancel') {
    return (
      <p role="status" className={CALM}>
        Payment cancelled; nothing was charged.
      </p>
    )
  }
  return <AwaitedPayment userId={userId} />
}

function AwaitedPayment({ userId }: { userId: string }) {
  const live = useLive(
    (repository) => repository.subscriptions.entitlements(),
    `entitlements:${userId}`,
  )
  const [departure] = useState(() => readDeparture(userId))
  const [patient, setPatient] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), STRIPE_PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [])
  // With no record of leaving (another browser, storage cleared), what this page first counted.
  const [known, setKnown] = useState(() => departure?.knownSubscriptionIds ?? null)
  if (known === null && live.status === 'ready') {
    setKnown(live.data.credits.map((credit) => credit.subscriptionId))
  }
  const added =
    departure?.arrivedLetters ??
    (live.status === 'ready' && known !== null ? lettersAdded(live.data, known) : 0)

  // Once the purchase has arrived, the next checkout is a new attempt, and a reload still says so.
  useEffect(() => {
    if (added === 0 || !departure || departure.arrivedLetters !== undefined) return
    finishAttempt(departure.key)
    rememberDeparture({ ...departure, arrivedLetters: added })
  }, [added, departure])

  if (added > 0) {
    return (
      <p role="status" className={GOOD}>
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        Payment received: {added} {added === 1 ? 'letter' : 'letters'} added.
      </p>
    )
  }
  return (
    <p role="status" className={CALM}>
      <Loader2 aria-hidden className="mt-0.5 size-4 shrink-0 animate-spin" />
      <span>
        Waiting for Stripe to confirm your payment…
        {patient ? null : (
          <span className="mt-1 block">
            Stripe has not confirmed it yet. If you paid, your letters appear here as soon as it
            does; if you left Stripe&apos;s page before paying, nothing was charged.
          </span>
        )}
      </span>
    </p>
  )
}
