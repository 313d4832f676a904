import { QueryProvider } from '@/data/query-client'
import { ChangePasswordForm } from './change-password-form'
import { SessionsPanel } from './sessions-panel'

/** The account's sessions and its password; server state, read through the query client. */
export function SecuritySettings({ userId }: { userId: string }) {
  return (
    <QueryProvider>
      <SessionsPanel userId={userId} />
      <div className="border-t border-ink-100 pt-4 dark:border-ink-800">
        <ChangePasswordForm userId={userId} />
      </div>
    </QueryProvider>
  )
}
