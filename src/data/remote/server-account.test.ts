import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { createFakeServer } from './fake-server'
import { serverDevice } from './test-device'

const ada = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'correct horse',
  role: 'user',
} as const

/** Ada signed in on two devices: the first signed up, the second signed in. */
async function twoDevices() {
  const server = createFakeServer()
  const laptop = serverDevice(server)
  const phone = serverDevice(server)
  await laptop.repo.auth.signUp(ada)
  await phone.repo.auth.signIn({ email: ada.email, password: ada.password })
  return { server, laptop, phone }
}

describe("the account's security in server mode", () => {
  it('lists the sessions, this one marked as current', async () => {
    const { laptop } = await twoDevices()
    const listed = await laptop.repo.account.sessions()
    expect(listed.kind).toBe('server')
    if (listed.kind !== 'server') return
    expect(listed.sessions.map((session) => [session.device, session.current])).toEqual([
      ['Chrome on Linux', true],
      ['Firefox on Windows', false],
    ])
  })

  it('signs out everywhere else; the other device finds out at its next start', async () => {
    const { laptop, phone } = await twoDevices()
    expect(await laptop.repo.account.signOutOthers()).toEqual({ ended: 1 })
    expect(await laptop.repo.auth.currentUser()).not.toBeNull()
    await phone.repo.auth.confirmSession()
    expect(await phone.repo.auth.currentUser()).toBeNull()
    expect(phone.sessionsEnded.count).toBe(1)
  })

  it('changes the password on the server, which ends the other sessions', async () => {
    const { server, laptop, phone } = await twoDevices()
    const changed = await laptop.repo.account.changePassword({
      currentPassword: ada.password,
      newPassword: 'battery staple',
    })
    expect(changed).toMatchObject({ user: { email: ada.email }, otherSessionsEnded: true })
    expect(server.calls.at(-1)).toEqual({
      method: 'POST',
      path: API_PATHS.changePassword,
      body: { currentPassword: ada.password, newPassword: 'battery staple' },
    })
    await phone.repo.auth.confirmSession()
    expect(await phone.repo.auth.currentUser()).toBeNull()
  })

  it("passes on the server's refusal of a wrong current password", async () => {
    const { laptop } = await twoDevices()
    await expect(
      laptop.repo.account.changePassword({
        currentPassword: 'wrong horse',
        newPassword: 'battery staple',
      }),
    ).rejects.toMatchObject({
      code: 'WRONG_CURRENT_PASSWORD',
      message: 'The current password is not correct.',
    })
  })

  it('checks the input before asking the server', async () => {
    const { server, laptop } = await twoDevices()
    const before = server.calls.length
    await expect(
      laptop.repo.account.changePassword({ currentPassword: '', newPassword: 'battery staple' }),
    ).rejects.toThrow('Current password is required')
    expect(server.calls).toHaveLength(before)
  })

  it('says so offline', async () => {
    const { laptop } = await twoDevices()
    laptop.network.online = false
    await expect(laptop.repo.account.sessions()).rejects.toMatchObject({
      code: 'ACCOUNT_NEEDS_CONNECTION',
    })
  })

  it('ends the session here when the server no longer knows it', async () => {
    const { laptop, phone } = await twoDevices()
    await laptop.repo.account.signOutOthers()
    await expect(phone.repo.account.sessions()).rejects.toMatchObject({ code: 'SESSION_ENDED' })
    expect(await phone.repo.auth.currentUser()).toBeNull()
    expect(phone.sessionsEnded.count).toBe(1)
  })

  it('needs someone signed in on this device', async () => {
    const device = serverDevice(createFakeServer())
    await expect(device.repo.account.sessions()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
  })
})
