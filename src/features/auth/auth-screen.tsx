import { useState } from 'react'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
import { TabList, tabPanelProps } from '@/ui/tabs'
import { AdminSignUpForm } from './admin-signup-form'
import { AuthCard } from './auth-card'
import { AUTH_HEADINGS, type AuthTab } from './auth-tabs'
import { LoginForm } from './login-form'
import { SignUpForm } from './signup-form'

const TABS = [
  { key: 'login', label: 'Login' },
  { key: 'signup', label: 'Sign Up' },
] as const

type AuthScreenProps = {
  /** The open tab; the page keeps it in its URL so a link can open either. */
  tab: AuthTab
  onTabChange: (tab: AuthTab) => void
  onSignedIn: (user: User) => void
}

export function AuthScreen({ tab, onTabChange, onSignedIn }: AuthScreenProps) {
  const [admin, setAdmin] = useState(false)

  return (
    <AuthCard>
      {/* The tabs already show what the card is for; the heading names it for screen readers. */}
      <h1 className="sr-only">{AUTH_HEADINGS[admin ? 'signup' : tab]}</h1>
      {admin ? (
        <AdminSignUpForm onSignedIn={onSignedIn} onBack={() => setAdmin(false)} />
      ) : (
        <div className="flex flex-col gap-6">
          <TabList
            label="Account"
            items={TABS}
            selected={tab}
            onSelect={onTabChange}
            idPrefix="auth"
          />
          <div {...tabPanelProps('auth', tab)}>
            {tab === 'login' ? (
              <LoginForm onSignedIn={onSignedIn} />
            ) : (
              <SignUpForm onSignedIn={onSignedIn} />
            )}
          </div>
          <div className="border-t border-ink-100 pt-4 text-center dark:border-ink-800">
            <Button variant="ghost" onClick={() => setAdmin(true)}>
              Admin Access
            </Button>
          </div>
        </div>
      )}
    </AuthCard>
  )
}
