import { type ReactNode, useDeferredValue, useEffect } from 'react'
import type { User } from '@/domain/types'
import { useLive } from '@/data/use-live'
import { TabList, tabPanelProps } from '@/ui/tabs'
import type { DashboardSearch, UserTab } from './dashboard-view'
import { DeviceDataOffer } from './device-data-offer'
import { GenerateLetterForm } from './generate-letter-form'
import { MyLetters } from './my-letters'
import { useInterruptedLetters } from './use-interrupted-letters'

const PANEL =
  'rounded-xl border border-ink-100 bg-white/60 p-4 sm:p-6 dark:border-ink-800 dark:bg-ink-900/60'

type UserDashboardProps = {
  user: User
  search: DashboardSearch
  onSearchChange: (search: DashboardSearch) => void
  /** The Subscription tab's content, from the billing feature. */
  subscription: ReactNode
  /** Told what the dashboard shows once it is known, and again whenever that changes. */
  onShown?: (shown: DashboardShown) => void
}

/** What the dashboard shows above the fold, beside the person's name. */
export type DashboardShown = { letters: number; lettersLeft: number; lettersOwed: number }

export function UserDashboard({
  user,
  search,
  onSearchChange,
  subscription,
  onShown,
}: UserDashboardProps) {
  useInterruptedLetters(user.id)
  const count = useLive((repository) => repository.letters.countMine(), `count:${user.id}`)
  const entitlements = useLive(
    (repository) => repository.subscriptions.entitlements(),
    `entitlements:${user.id}`,
  )
  const letters = count.data
  // The Generate form, the dashboard's largest part, is drawn once the letters left are known:
  // deferred, React draws it in short slices rather than in one long task.
  const credit = useDeferredValue(
    entitlements.status === 'loading' ? undefined : (entitlements.data ?? {}),
  )
  const lettersLeft = entitlements.data?.lettersLeft
  const lettersOwed = entitlements.data?.lettersOwed ?? 0
  useEffect(() => {
    if (letters !== undefined && lettersLeft !== undefined)
      onShown?.({ letters, lettersLeft, lettersOwed })
  }, [letters, lettersLeft, lettersOwed, onShown])

  return (
    <UserDashboardView
      user={user}
      search={search}
      onSearchChange={onSearchChange}
      subscription={subscription}
      letters={letters ?? 0}
      credit={credit}
    />
  )
}

type UserDashboardViewProps = Omit<UserDashboardProps, 'onShown'> & {
  letters: number
  /** Undefined while the letters left are still being counted; empty when they could not be. */
  credit: { lettersLeft?: number; lettersOwed?: number } | undefined
}

/** The dashboard as drawn from what is known; the build draws its first-paint frame with it too. */
export function UserDashboardView({
  user,
  search,
  onSearchChange,
  subscription,
  letters,
  credit,
}: UserDashboardViewProps) {
  // Write follow-up opens the Generate Letter tab, whatever tab the link came from.
  const tab: UserTab = search.followUp ? 'generate' : (search.tab ?? 'generate')
  const tabs = [
    { key: 'generate', label: 'Generate Letter' },
    { key: 'letters', label: `My Letters (${letters})` },
    { key: 'subscription', label: 'Subscription' },
  ] as const

  return (
    <div className="flex flex-col gap-6">
      <DeviceDataOffer />
      <TabList
        label="Dashboard"
        items={tabs}
        selected={tab}
        onSelect={(next) => onSearchChange({ tab: next })}
        idPrefix="dashboard"
      />
      {/* The form stays mounted while hidden, so a half-written letter survives a look at My Letters. */}
      <section
        {...tabPanelProps('dashboard', 'generate')}
        hidden={tab !== 'generate'}
        className={PANEL}
      >
        {/* Drawn once the letters left are known, so the note about them never pushes the form down. */}
        {credit === undefined ? null : (
          <GenerateLetterForm
            fullName={user.fullName}
            lettersLeft={credit.lettersLeft}
            lettersOwed={credit.lettersOwed}
            onChoosePlan={() => onSearchChange({ tab: 'subscription' })}
            followUp={search.followUp}
          />
        )}
      </section>
      {tab === 'letters' ? (
        <section {...tabPanelProps('dashboard', 'letters')} className={PANEL}>
          <MyLetters
            page={search.page ?? 1}
            onPageChange={(page) => onSearchChange({ tab, page })}
          />
        </section>
      ) : null}
      {tab === 'subscription' ? (
        <section {...tabPanelProps('dashboard', 'subscription')} className={PANEL}>
          {subscription}
        </section>
      ) : null}
    </div>
  )
}
