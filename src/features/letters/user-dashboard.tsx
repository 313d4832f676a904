import type { ReactNode } from 'react'
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
}

export function UserDashboard({ user, search, onSearchChange, subscription }: UserDashboardProps) {
  // Write follow-up opens the Generate Letter tab, whatever tab the link came from.
  const tab: UserTab = search.followUp ? 'generate' : (search.tab ?? 'generate')
  useInterruptedLetters(user.id)
  const count = useLive((repository) => repository.letters.countMine(), `count:${user.id}`)
  const entitlements = useLive(
    (repository) => repository.subscriptions.entitlements(),
    `entitlements:${user.id}`,
  )
  const tabs = [
    { key: 'generate', label: 'Generate Letter' },
    { key: 'letters', label: `My Letters (${count.data ?? 0})` },
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
        {entitlements.status === 'loading' ? null : (
          <GenerateLetterForm
            fullName={user.fullName}
            lettersLeft={entitlements.data?.lettersLeft}
            lettersOwed={entitlements.data?.lettersOwed}
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
