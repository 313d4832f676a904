import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { createTestRepository } from '../test-support'
import { createFakeServer } from './fake-server'
import { serverDevice } from './test-device'

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

const posts = (server: ReturnType<typeof createFakeServer>, path: string) =>
  server.calls.filter((call) => call.method === 'POST' && call.path === path)

describe('resetting a forgotten password in server mode', () => {
  it('asks the server for a link by e-mail, as typed but trimmed and lower-cased', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    expect(await device.repo.auth.passwordResetBy()).toBe('email')
    await device.repo.auth.requestPasswordReset({ email: '  Someone@Example.com ' })
    expect(posts(server, API_PATHS.passwordReset).map((call) => call.body)).toEqual([
      { email: 'someone@example.com' },
    ])
  })

  it('refuses what is not an e-mail before asking, and says a connection is needed offline', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await expect(device.repo.auth.requestPasswordReset({ email: 'nope' })).rejects.toThrow(
      'Enter a valid email address',
    )
    device.network.online = false
    await expect(
      device.repo.auth.requestPasswordReset({ email: 'ada@example.com' }),
    ).rejects.toMatchObject({ code: 'RESET_NEEDS_CONNECTION' })
    expect(posts(server, API_PATHS.passwordReset)).toEqual([])
  })

  it('sets the new password and ends this device’s session of the account', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    await device.repo.auth.requestPasswordReset({ email: ada.email })
    const [token] = [...server.resets.keys()]

    await device.repo.auth.resetPassword({ token: token ?? '', password: 'a new passphrase' })
    expect(server.accounts.get(ada.email)?.password).toBe('a new passphrase')
    expect(await device.repo.auth.currentUser()).toBeNull()
    expect(device.sessionsEnded.count).toBe(1)
  })

  it('answers a spent or unknown link with the server’s code and words', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    await device.repo.auth.requestPasswordReset({ email: ada.email })
    const [token = ''] = [...server.resets.keys()]
    await device.repo.auth.resetPassword({ token, password: 'a new passphrase' })
    await expect(
      device.repo.auth.resetPassword({ token, password: 'another passphrase' }),
    ).rejects.toMatchObject({ code: 'RESET_LINK_USED', message: ERROR_MESSAGES.RESET_LINK_USED })
    await expect(
      device.repo.auth.resetPassword({ token: 'made-up', password: 'another passphrase' }),
    ).rejects.toMatchObject({ code: 'RESET_LINK_INVALID' })
    await expect(device.repo.auth.resetPassword({ token, password: 'short' })).rejects.toThrow(
      'Password must be at least 8 characters',
    )
  })
})

describe('resetting a forgotten password in device-only mode', () => {
  it('says there is no e-mail to reset by, and refuses both steps', async () => {
    const { repo } = createTestRepository()
    expect(await repo.auth.passwordResetBy()).toBe('device-only')
    await expect(
      repo.auth.requestPasswordReset({ email: 'ada@example.com' }),
    ).rejects.toMatchObject({ code: 'RESET_NEEDS_SERVER' })
    await expect(
      repo.auth.resetPassword({ token: 'anything', password: 'a new passphrase' }),
    ).rejects.toMatchObject({ code: 'RESET_NEEDS_SERVER' })
  })
})
