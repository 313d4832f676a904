import { useState } from 'react'
import type { User } from '@/domain/types'
import { Button } from '@/ui/button'
import { TabList, tabPanelProps } from '@/ui/tabs'
import { AdminSignUpForm } from './admin-signup-form'
import { LoginForm } from './login-form'
import { SignUpForm } from './signup-form'

type Mode = 'login' | 'signup'

const TABS = [
  { key: 'login', label: 'Login' },
  { key: 'signup', label: 'Sign Up' },
] as const

export function AuthScreen({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [mode, setMode] = useState<Mode>('login')
  const [admin, setAdmin] = useState(false)

  return (
    <div className="w-full max-w-md rounded-xl border border-ink-100 bg-white p-6 shadow-lg sm:p-8 dark:border-ink-800 dark:bg-ink-900">
      {admin ? (
        <AdminSignUpForm onSignedIn={onSignedIn} onBack={() => setAdmin(false)} />
      ) : (
        <div className="flex flex-col gap-6">
          <TabList
            label="Account"
            items={TABS}
            selected={mode}
            onSelect={setMode}
            idPrefix="auth"
          />
          <div {...tabPanelProps('auth', mode)}>
            {mode === 'login' ? (
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
    </div>
  )
}
