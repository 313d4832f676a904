// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createQueryClient, QueryProvider } from '@/data/query-client'
import type { AccountRepository, Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import type { SessionSummary } from '@/domain/api'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import {
  ChangePasswordForm,
  PASSWORD_CHANGED,
  PASSWORD_CHANGED_ELSEWHERE_ENDED,
} from './change-password-form'
import { DEVICE_ONLY_ACCOUNT, SessionsPanel } from './sessions-panel'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

function renderSecurity(repository: Repository, userId: string) {
  render(
    <RepositoryProvider repository={repository}>
      <QueryProvider client={createQueryClient()}>
        <SessionsPanel userId={userId} />
        <ChangePasswordForm userId={userId} />
      </QueryProvider>
    </RepositoryProvider>,
  )
  return userEvent.setup()
}

async function deviceOnly() {
  const context = createTestRepository()
  const user = await context.repo.auth.signUp(ada)
  return { ...context, user }
}

const session = (device: string, current: boolean, minutesAgo: number): SessionSummary => ({
  id: crypto.randomUUID(),
  device,
  createdAt: '2026-11-01T09:00:00.000Z',
  lastSeenAt: new Date(Date.UTC(2026, 10, 22, 12, 0) - minutesAgo * 60_000).toISOString(),
  current,
})

/** A repository whose account lives on a server holding `sessions`. */
function onServer(repo: Repository, sessions: SessionSummary[]) {
  let listed = sessions
  const account: AccountRepository = {
    sessions: vi.fn(() => Promise.resolve({ kind: 'server' as const, sessions: listed })),
    signOutOthers: vi.fn(() => {
      const ended = listed.filter((s) => !s.current).length
      listed = listed.filter((s) => s.current)
      return Promise.resolve({ ended })
    }),
    changePassword: vi.fn(),
    exportData: vi.fn(),
    deleteAccount: vi.fn(),
  }
  return { repository: { ...repo, account }, account }
}

async function typePasswords(user: ReturnType<typeof userEvent.setup>, current: string) {
  await user.type(screen.getByLabelText('Current Password'), current)
  await user.type(screen.getByLabelText('New Password'), 'battery staple')
  await user.click(screen.getByRole('button', { name: 'Change Password' }))
}

describe('Security, for an account on this device', () => {
  it('says the account lives here only and lists no sessions', async () => {
    const { repo, user } = await deviceOnly()
    renderSecurity(repo, user.id)
    expect(await screen.findByText(DEVICE_ONLY_ACCOUNT)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull()
  })

  it('changes the password, says so and empties the fields', async () => {
    const { repo, user } = await deviceOnly()
    const person = renderSecurity(repo, user.id)
    await typePasswords(person, 'correct horse')
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith(PASSWORD_CHANGED))
    expect(screen.getByLabelText('Current Password')).toHaveValue('')
    await repo.auth.signOut()
    await expect(
      repo.auth.signIn({ email: ada.email, password: 'battery staple' }),
    ).resolves.toBeTruthy()
  })

  it('puts a wrong current password in the alert and keeps what was typed', async () => {
    const { repo, user } = await deviceOnly()
    const person = renderSecurity(repo, user.id)
    await typePasswords(person, 'wrong horse')
    await vi.waitFor(() =>
      expect(within(screen.getByRole('form')).getByRole('alert')).toHaveTextContent(
        ERROR_MESSAGES.WRONG_CURRENT_PASSWORD,
      ),
    )
    expect(screen.getByLabelText('Current Password')).toHaveValue('wrong horse')
    expect(screen.getByLabelText('New Password')).toHaveValue('battery staple')
    expect(toast.success).not.toHaveBeenCalled()
  })

  it('asks for the current password and a long enough new one', async () => {
    const { repo, user } = await deviceOnly()
    const person = renderSecurity(repo, user.id)
    await person.type(screen.getByLabelText('New Password'), 'short')
    await person.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Current password is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    )
  })
})

describe('Security, for an account on the server', () => {
  it('lists the sessions, this device marked, and signs out everywhere else', async () => {
    const { repo, user } = await deviceOnly()
    const { repository, account } = onServer(repo, [
      session('Safari on iPhone', false, 90),
      session('Chrome on Linux', true, 0),
    ])
    const person = renderSecurity(repository, user.id)
    const list = await screen.findByRole('list', { name: 'Where you are signed in' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Chrome on Linux')
    expect(items[0]).toHaveTextContent('This device')
    expect(items[1]).toHaveTextContent('Safari on iPhone')
    expect(items[1]).not.toHaveTextContent('This device')
    expect(items[1]).toHaveTextContent('Last seen Nov 22, 2026')

    await person.click(screen.getByRole('button', { name: 'Sign out everywhere else' }))
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Signed out of 1 other session.'),
    )
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(account.signOutOthers).toHaveBeenCalledOnce()
  })

  it('says the other devices were signed out when the password changes', async () => {
    const { repo, user } = await deviceOnly()
    const { repository, account } = onServer(repo, [session('Chrome on Linux', true, 0)])
    vi.mocked(account.changePassword).mockResolvedValue({ user, otherSessionsEnded: true })
    const person = renderSecurity(repository, user.id)
    await typePasswords(person, 'correct horse')
    await vi.waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(PASSWORD_CHANGED_ELSEWHERE_ENDED),
    )
    expect(account.changePassword).toHaveBeenCalledWith({
      currentPassword: 'correct horse',
      newPassword: 'battery staple',
    })
  })

  it('says why the sessions cannot be shown offline, and tries again when asked', async () => {
    const { repo, user } = await deviceOnly()
    const { repository, account } = onServer(repo, [session('Chrome on Linux', true, 0)])
    vi.mocked(account.sessions).mockRejectedValueOnce(new AppError('ACCOUNT_NEEDS_CONNECTION'))
    const person = renderSecurity(repository, user.id)
    expect(await screen.findByText(ERROR_MESSAGES.ACCOUNT_NEEDS_CONNECTION)).toBeInTheDocument()
    await person.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('This device')).toBeInTheDocument()
  })

  it('shows a refused password change in the alert, never repeating it', async () => {
    const { repo, user } = await deviceOnly()
    const { repository, account } = onServer(repo, [session('Chrome on Linux', true, 0)])
    vi.mocked(account.changePassword).mockRejectedValue(new AppError('SERVER_UNREACHABLE'))
    const person = renderSecurity(repository, user.id)
    await typePasswords(person, 'correct horse')
    await vi.waitFor(() =>
      expect(within(screen.getByRole('form')).getByRole('alert')).toHaveTextContent(
        ERROR_MESSAGES.SERVER_UNREACHABLE,
      ),
    )
    expect(account.changePassword).toHaveBeenCalledOnce()
  })
})
