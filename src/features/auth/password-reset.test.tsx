// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '@/data/remote/fake-server'
import { serverDevice } from '@/data/remote/test-device'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { API_PATHS } from '@/domain/api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { AuthScreen } from './auth-screen'
import { ForgotPassword } from './forgot-password'
import { ResetPassword } from './reset-password'

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

/** Rendered inside an awaited act, so the view's one question to the repository settles in it. */
async function renderWith(repository: Repository, ui: ReactNode) {
  await act(() => {
    render(<RepositoryProvider repository={repository}>{ui}</RepositoryProvider>)
    return Promise.resolve()
  })
  return userEvent.setup()
}

async function renderForgot(repository: Repository) {
  const props = { onBack: vi.fn(), onCreateAccount: vi.fn() }
  const user = await renderWith(repository, <ForgotPassword {...props} />)
  return { ...props, user }
}

async function renderReset(repository: Repository, token: string) {
  const props = {
    token,
    onSignIn: vi.fn(),
    onAskAgain: vi.fn(),
    onCreateAccount: vi.fn(),
    onPasswordSet: vi.fn(),
  }
  const user = await renderWith(repository, <ResetPassword {...props} />)
  return { ...props, user }
}

/** A server that has mailed Ada a reset link; answers the device and the link's token. */
async function adaWithLink() {
  const server = createFakeServer()
  const device = serverDevice(server)
  await device.repo.auth.signUp(ada)
  await device.repo.auth.signOut()
  await device.repo.auth.requestPasswordReset({ email: ada.email })
  const [token = ''] = [...server.resets.keys()]
  return { server, device, token }
}

describe('Forgot password?', () => {
  it('is a link on the Login tab to the page that asks for the e-mail', async () => {
    await renderWith(
      createTestRepository().repo,
      <AuthScreen tab="login" onTabChange={vi.fn()} onSignedIn={vi.fn()} />,
    )
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth?view=forgot',
    )
  })

  it('sends a reset link in server mode and says where to look, in the same words for any e-mail', async () => {
    const server = createFakeServer()
    const { user, onBack } = await renderForgot(serverDevice(server).repo)
    const heading = await screen.findByRole('heading', { name: 'Forgot your password?' })
    expect(heading).toHaveFocus()
    await user.type(screen.getByLabelText('Email'), 'Nobody@Example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toHaveFocus()
    expect(screen.getByText('nobody@example.com')).toBeInTheDocument()
    expect(server.calls.filter((call) => call.path === API_PATHS.passwordReset)).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(onBack).toHaveBeenCalled()
  })

  it('shows what is wrong with the e-mail under the field and sends nothing', async () => {
    const server = createFakeServer()
    const { user } = await renderForgot(serverDevice(server).repo)
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(server.calls).toEqual([])
  })

  it('says offline that it needs a connection, keeping the e-mail typed', async () => {
    const device = serverDevice(createFakeServer())
    device.network.online = false
    const { user } = await renderForgot(device.repo)
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.RESET_NEEDS_CONNECTION,
    )
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
  })

  it('explains in device-only mode that there is no e-mail to reset by, and leads on', async () => {
    const { user, onCreateAccount, onBack } = await renderForgot(createTestRepository().repo)
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toHaveFocus()
    expect(screen.getByText(/a password cannot be reset by e-mail/)).toBeInTheDocument()
    expect(screen.getByText(/letters stay on this device/)).toBeInTheDocument()
    expect(screen.queryByLabelText('Email')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create a New Account' }))
    expect(onCreateAccount).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    expect(onBack).toHaveBeenCalled()
  })
})

describe('the page a reset link opens', () => {
  it('sets the new password typed twice, then leads to sign in', async () => {
    const { server, token } = await adaWithLink()
    const { user, onPasswordSet, onSignIn } = await renderReset(serverDevice(server).repo, token)
    await user.type(await screen.findByLabelText('New Password'), 'a new passphrase')
    await user.type(screen.getByLabelText('Confirm Password'), 'a new passphrase')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))

    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toHaveFocus()
    expect(server.accounts.get(ada.email)?.password).toBe('a new passphrase')
    expect(onPasswordSet).toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(onSignIn).toHaveBeenCalled()
  })

  it('catches two passwords that differ, and one too short, before sending', async () => {
    const { server, token } = await adaWithLink()
    const { user } = await renderReset(serverDevice(server).repo, token)
    await user.type(await screen.findByLabelText('New Password'), 'short')
    await user.type(screen.getByLabelText('Confirm Password'), 'shorter')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument()
    expect(server.calls.filter((call) => call.path === API_PATHS.passwordResetConfirm)).toEqual([])
  })

  it('says a spent link cannot be used again, and offers a new one', async () => {
    const { server, token } = await adaWithLink()
    const resetBy = serverDevice(server).repo.auth
    await resetBy.resetPassword({ token, password: 'first new passphrase' })
    const { user, onAskAgain } = await renderReset(serverDevice(server).repo, token)
    await user.type(await screen.findByLabelText('New Password'), 'a new passphrase')
    await user.type(screen.getByLabelText('Confirm Password'), 'a new passphrase')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(
      await screen.findByRole('heading', { name: 'This link cannot reset a password' }),
    ).toHaveFocus()
    expect(screen.getByText(ERROR_MESSAGES.RESET_LINK_USED)).toBeInTheDocument()
    expect(screen.queryByLabelText('New Password')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ask for a New Link' }))
    expect(onAskAgain).toHaveBeenCalled()
  })

  it('says a link without its token is not valid, and offers a new one', async () => {
    const { server } = await adaWithLink()
    const { user, onAskAgain } = await renderReset(serverDevice(server).repo, '')
    expect(
      await screen.findByRole('heading', { name: 'This link cannot reset a password' }),
    ).toBeInTheDocument()
    expect(screen.getByText(ERROR_MESSAGES.RESET_LINK_INVALID)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ask for a New Link' }))
    expect(onAskAgain).toHaveBeenCalled()
  })
})
