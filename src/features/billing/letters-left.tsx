import { useLive } from '@/data/use-live'
import { findPlan } from '@/domain/plans'
import { formatDate } from '@/lib/format-date'
import { LettersOwedNote } from './letters-owed-note'

/** How many letters the user can still write, and when each plan's letters lapse. */
export function LettersLeft({ userId }: { userId: string }) {
  const live = useLive(
    (repository) => repository.subscriptions.entitlements(),
    `entitlements:${userId}`,
  )
  if (live.status !== 'ready') return null
  const { lettersLeft, lettersOwed, credits } = live.data
  return (
    <section
      aria-labelledby="letters-left-heading"
      className="rounded-xl border border-ink-100 bg-white p-5 dark:border-ink-800 dark:bg-ink-900"
    >
      <h2
        id="letters-left-heading"
        className="text-sm font-semibold uppercase tracking-wider text-ink-500 dark:text-ink-300"
      >
        Letters left
      </h2>
      <p className="mt-1 font-serif text-4xl" data-testid="letters-left">
        {lettersLeft}
      </p>
      {lettersOwed > 0 ? <LettersOwedNote owed={lettersOwed} /> : null}
      {credits.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1 text-sm text-ink-600 dark:text-ink-300">
          {credits.map((credit) => (
            <li key={credit.subscriptionId}>
              {findPlan(credit.plan)?.name ?? credit.plan}: {credit.left} of {credit.granted} left ·{' '}
              {credit.expiresAt ? `expires ${formatDate(credit.expiresAt)}` : 'never expires'}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-ink-600 dark:text-ink-300">
          Choose a plan below to start writing letters.
        </p>
      )}
    </section>
  )
}
