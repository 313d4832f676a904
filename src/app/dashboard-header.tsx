import { useRouter } from '@tanstack/react-router'
import { Settings } from 'lucide-react'
import { Button } from '@/ui/button'
import type { Role, User } from '@/domain/types'
import { SignOutButton } from '@/features/auth/sign-out-button'
import { Badge } from '@/ui/badge'
import { Brand } from './brand'
import { SyncStatusBadge } from './sync-status'

const ROLE_LABEL: Record<Role, string> = { user: 'User', employee: 'Employee', admin: 'Admin' }

export function DashboardHeader({ user }: { user: User }) {
  const router = useRouter()
  return (
    <header className="border-b border-ink-100 bg-white/80 backdrop-blur dark:border-ink-800 dark:bg-ink-900/80">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Brand />
        <div className="flex flex-wrap items-center justify-end gap-2 sm:gap-3">
          <SyncStatusBadge />
          <Button variant="ghost" onClick={() => void router.navigate({ to: '/app/settings' })}>
            <Settings aria-hidden className="size-4" />
            <span className="sr-only sm:not-sr-only">Settings</span>
          </Button>
          <SignOutButton onSignedOut={() => void router.navigate({ to: '/auth' })} />
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 pb-4 sm:px-6">
        <h1 className="text-2xl font-semibold wrap-anywhere sm:text-3xl">
          Welcome, {user.fullName}
        </h1>
        <Badge tone="accent">{ROLE_LABEL[user.role]}</Badge>
      </div>
    </header>
  )
}
