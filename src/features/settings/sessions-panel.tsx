import { toast } from 'sonner'
import type { SessionSummary } from '@/domain/api'
import { messageFor } from '@/domain/errors'
import { formatDate, formatDateTime } from '@/lib/format-date'
import { Badge } from '@/ui/badge'
import { Button } from '@/ui/button'
import { useAccountSessions, useSignOutOthers } from './use-account-security'

const MUTED = 'text-sm text-ink-600 dark:text-ink-300'

export const DEVICE_ONLY_ACCOUNT =
  'This account lives on this device only, so it is signed in nowhere else. Its password is checked here.'

const endedMessage = (ended: number) =>
  ended === 0
    ? 'No other device was signed in.'
    : `Signed out of ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`

/** This device on top, the others as the server ordered them (newest first). */
const thisDeviceFirst = (sessions: SessionSummary[]) =>
  [...sessions].sort((a, b) => Number(b.current) - Number(a.current))

function SessionItem({ session }: { session: SessionSummary }) {
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium wrap-anywhere">{session.device}</span>
        {session.current ? <Badge tone="accent">This device</Badge> : null}
      </div>
      <p className={MUTED}>
        Last seen {formatDateTime(session.lastSeenAt)} · Signed in {formatDate(session.createdAt)}
      </p>
    </li>
  )
}

/** Where the account is signed in, and a way to end every session but this one. */
export function SessionsPanel({ userId }: { userId: string }) {
  const sessions = useAccountSessions(userId)
  const signOutOthers = useSignOutOthers(userId)

  async function endOthers() {
    try {
      toast.success(endedMessage((await signOutOthers.mutateAsync()).ended))
    } catch (error) {
      toast.error(messageFor(error, 'SERVER_ERROR'))
    }
  }

  if (sessions.isPending) return <p className={MUTED}>Loading where you are signed in…</p>
  if (sessions.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className={MUTED}>{messageFor(sessions.error, 'SERVER_ERROR')}</p>
        <Button variant="secondary" onClick={() => void sessions.refetch()}>
          Try Again
        </Button>
      </div>
    )
  }
  if (sessions.data.kind === 'device-only') return <p className={MUTED}>{DEVICE_ONLY_ACCOUNT}</p>
  return (
    <div className="flex flex-col gap-3">
      <h4 id="sessions-heading" className="font-semibold">
        Where you are signed in
      </h4>
      <ul
        aria-labelledby="sessions-heading"
        className="divide-y divide-ink-100 dark:divide-ink-800"
      >
        {thisDeviceFirst(sessions.data.sessions).map((session) => (
          <SessionItem key={session.id} session={session} />
        ))}
      </ul>
      <div>
        <Button
          variant="secondary"
          disabled={signOutOthers.isPending}
          aria-busy={signOutOthers.isPending}
          onClick={() => void endOthers()}
        >
          Sign out everywhere else
        </Button>
      </div>
    </div>
  )
}
