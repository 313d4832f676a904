import type { ReactNode } from 'react'
import { Brand } from './brand'
import { ThemeSwitch } from './theme-switch'
import { ImportBackupButton } from '@/features/settings/backup-controls'

/**
 * The auth page around its card: the brand, the theme, and the way to restore a backup. The app's
 * /auth route and the build's first-paint frame of it (decision 039) draw the page through this.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <ThemeSwitch />
      </header>
      <main
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 outline-none sm:items-center"
      >
        <div className="flex w-full max-w-md flex-col gap-4">
          {children}
          <section
            aria-labelledby="restore-heading"
            className="rounded-xl border border-dashed border-ink-200 p-4 text-sm dark:border-ink-700"
          >
            <h2 id="restore-heading" className="font-sans text-sm font-semibold">
              Moving to this device?
            </h2>
            <p className="mb-3 mt-1 text-ink-600 dark:text-ink-300">
              Restore a Letterhead backup to bring your accounts and letters with you.
            </p>
            <ImportBackupButton />
          </section>
        </div>
      </main>
    </div>
  )
}
