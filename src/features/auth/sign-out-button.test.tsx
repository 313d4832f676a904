// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { useSessionStore } from './session-store'
import { SignOutButton } from './sign-out-button'

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

async function signedIn() {
  const context = createTestRepository()
  const user = await context.repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  useSessionStore.getState().setUser(user)
  return context
}

function renderButton(repository: Repository) {
  const onSignedOut = vi.fn()
  render(
    <RepositoryProvider repository={repository}>
      <SignOutButton onSignedOut={onSignedOut} />
    </RepositoryProvider>,
  )
  return { onSignedOut, user: userEvent.setup() }
}

describe('sign out', () => {
  it('ends the session and hands over', async () => {
    const { repo } = await signedIn()
    const { onSignedOut, user } = renderButton(repo)
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await vi.waitFor(() => expect(onSignedOut).toHaveBeenCalledOnce())
    expect(useSessionStore.getState().user).toBeNull()
    expect(await repo.auth.currentUser()).toBeNull()
  })

  it('says so and stays signed in when the session cannot be ended', async () => {
    const { repo } = await signedIn()
    const failing: Repository = {
      ...repo,
      auth: { ...repo.auth, signOut: () => Promise.reject(new AppError('STORAGE_FULL')) },
    }
    const { onSignedOut, user } = renderButton(failing)
    await user.click(screen.getByRole('button', { name: 'Sign Out' }))
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(ERROR_MESSAGES.SIGN_OUT_FAILED))
    expect(onSignedOut).not.toHaveBeenCalled()
    expect(useSessionStore.getState().user).toMatchObject({ email: 'ada@example.com' })
  })
})
