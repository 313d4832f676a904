// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { DEVELOPMENT_ADMIN_SECRET } from '../../../build/admin-secret'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import type { User } from '@/domain/types'
import { AuthScreen } from './auth-screen'
import type { AuthTab } from './auth-tabs'

/** The screen with its tab kept in state, as the auth page keeps it in the URL. */
function StatefulAuthScreen({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [tab, setTab] = useState<AuthTab>('login')
  return <AuthScreen tab={tab} onTabChange={setTab} onSignedIn={onSignedIn} />
}

function renderAuth() {
  const context = createTestRepository()
  const onSignedIn = vi.fn()
  render(
    <RepositoryProvider repository={context.repo}>
      <StatefulAuthScreen onSignedIn={onSignedIn} />
    </RepositoryProvider>,
  )
  return { ...context, onSignedIn, user: userEvent.setup() }
}

type Typist = ReturnType<typeof userEvent.setup>

/** Types an account's name, email and password into the open form, as a person would. */
async function typeAccount(user: Typist, account: { fullName: string; email: string }) {
  await user.type(screen.getByLabelText('Full Name'), account.fullName)
  await user.type(screen.getByLabelText('Email'), account.email)
  await user.type(screen.getByLabelText('Password'), 'long password')
}

describe('auth forms', () => {
  it('shows a message under each bad sign-up field and writes nothing', async () => {
    const { user, db, onSignedIn } = renderAuth()
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    await user.type(screen.getByLabelText('Email'), 'nope')
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(await db.users.count()).toBe(0)
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('refuses a full name of invisible characters only, keeping what was typed', async () => {
    const { user, db, onSignedIn } = renderAuth()
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    await typeAccount(user, { fullName: '\u200b\u200b', email: 'ghost@example.com' })
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Full name must contain visible text')).toBeInTheDocument()
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Email')).toHaveValue('ghost@example.com')
    expect(await db.users.count()).toBe(0)
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('signs up an employee and hands over the user', async () => {
    const { user, onSignedIn } = renderAuth()
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }))
    await typeAccount(user, { fullName: 'Grace Hopper', email: 'grace@example.com' })
    await user.click(screen.getByRole('radio', { name: 'Employee - Earn referral commissions' }))
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({
      role: 'employee',
      email: 'grace@example.com',
    })
  })

  it('puts Invalid credentials in the alert and keeps the email', async () => {
    const { user, onSignedIn } = renderAuth()
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com')
    await user.type(screen.getByLabelText('Password'), 'whatever123')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid credentials'),
    )
    expect(screen.getByLabelText('Email')).toHaveValue('nobody@example.com')
    expect(onSignedIn).not.toHaveBeenCalled()
  })

  it('asks for a password on sign-in', async () => {
    const { user } = renderAuth()
    await user.type(screen.getByLabelText('Email'), 'a@example.com')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
  })

  it('opens the admin form, refuses a wrong secret, and goes back to login', async () => {
    const { user, db, onSignedIn } = renderAuth()
    await user.click(screen.getByRole('button', { name: 'Admin Access' }))
    await typeAccount(user, { fullName: 'Root', email: 'root@example.com' })
    await user.type(screen.getByLabelText('Admin Secret Key'), 'guess')
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Invalid admin secret key'),
    )
    expect(await db.users.count()).toBe(0)

    await user.clear(screen.getByLabelText('Admin Secret Key'))
    await user.type(screen.getByLabelText('Admin Secret Key'), DEVELOPMENT_ADMIN_SECRET)
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce())
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ role: 'admin' })
  })

  it('shows a message under each empty admin field, with the password rule told up front', async () => {
    const { user, db } = renderAuth()
    await user.click(screen.getByRole('button', { name: 'Admin Access' }))
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 8 characters.')
    await user.click(screen.getByRole('button', { name: 'Create Admin Account' }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByText('Admin secret key is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Admin Secret Key')).toHaveAttribute('aria-invalid', 'true')
    expect(await db.users.count()).toBe(0)
  })

  it('moves between tabs with the arrow keys', async () => {
    const { user } = renderAuth()
    screen.getByRole('tab', { name: 'Login' }).focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Admin Access' }))
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(screen.getByRole('tab', { name: 'Login' })).toBeInTheDocument()
  })
})
