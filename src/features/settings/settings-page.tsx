import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonClass } from '@/ui/button'
import { ExportBackupButton, ImportBackupButton } from './backup-controls'
import { LetterheadSettings } from './letterhead-settings'
import { PageSizeSetting } from './page-size-setting'
import { SecuritySettings } from './security-settings'
import { StoragePanel } from './storage-panel'
import { YourData } from './your-data'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl border border-ink-100 bg-white p-5 sm:p-6 dark:border-ink-800 dark:bg-ink-900"
    >
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

type SettingsPageProps = {
  /** The theme switch, from the app shell. */
  theme: ReactNode
  /** The letter engine form, from the letters feature; only people who write letters see it. */
  engine: ReactNode | null
  /** Who is signed in; their account's security is shown for them. */
  userId: string | null
  /**
   * Customers only: a link to the Subscription tab, where the plan that prints
   * their letterhead is sold; null for people who write no letters.
   */
  planLink: ReactNode | null
  version: string
  /** The account was deleted and this device signed out. */
  onAccountDeleted: () => void
}

export function SettingsPage({
  theme,
  engine,
  userId,
  planLink,
  version,
  onAccountDeleted,
}: SettingsPageProps) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-semibold">Settings</h2>
        <Link to="/app" className={buttonClass('ghost')}>
          <ArrowLeft aria-hidden className="size-4" />
          Back to Dashboard
        </Link>
      </div>
      <Section id="settings-appearance" title="Appearance">
        {theme}
      </Section>
      {engine ? (
        <Section id="settings-engine" title="Letter engine">
          {engine}
        </Section>
      ) : null}
      {userId ? (
        <Section id="settings-security" title="Security">
          <SecuritySettings userId={userId} />
        </Section>
      ) : null}
      <Section id="settings-letters" title="Documents">
        <PageSizeSetting />
      </Section>
      {userId && planLink ? (
        <Section id="settings-letterhead" title="Letterhead">
          <LetterheadSettings userId={userId} planLink={planLink} />
        </Section>
      ) : null}
      {userId ? (
        <Section id="settings-your-data" title="Your Data">
          <YourData onAccountDeleted={onAccountDeleted} />
        </Section>
      ) : null}
      <Section id="settings-backup" title="Backup">
        <p className="text-sm text-ink-600 dark:text-ink-300">
          Your letters and purchases live in this browser. A backup is one file with every account,
          letter and purchase on this device; import it here or on another device.
        </p>
        <div className="flex flex-wrap items-start gap-3">
          <ExportBackupButton />
          <ImportBackupButton />
        </div>
      </Section>
      <Section id="settings-storage" title="Storage">
        <StoragePanel />
      </Section>
      <p className="text-xs text-ink-500 dark:text-ink-300">Letterhead {version}</p>
    </div>
  )
}
