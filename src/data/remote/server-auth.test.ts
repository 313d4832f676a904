import { describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { ERROR_MESSAGES } from '@/domain/errors'
import { createDeviceAccountParts } from '../dexie/account-parts'
import { createFakeServer, FAKE_ADMIN_SECRET } from './fake-server'
import { PENDING_SIGN_OUT_KEY } from './pending-sign-out'
import { serverDevice } from './test-device'

const ada = {
  fullName: 'Ada Lovelace',
  email: ' Ada@Example.com ',
  password: 'correct horse',
  role: 'user',
} as const

const posts = (server: ReturnType<typeof createFakeServer>, path: string) =>
  server.calls.filter((call) => call.method === 'POST' && call.path === path)

describe('server accounts, mirrored on the device', () => {
  it('signs up on the server and mirrors the account and the session on the device', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    const user = await device.repo.auth.signUp(ada)
    expect(posts(server, API_PATHS.signUp)[0]?.body).toEqual({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'correct horse',
      role: 'user',
    })
    expect(user).toMatchObject({ email: 'ada@example.com', role: 'user', letterCount: 0 })
    expect(user.id).toBe(server.accounts.get('ada@example.com')?.user.id)
    expect(await device.repo.auth.currentUser()).toEqual(user)
    // The password is the server's to keep: nothing of it on the device.
    expect(await device.db.credentials.count()).toBe(0)
  })

  it('signs in on a second device with the same account, and keeps what a device counted', async () => {
    const server = createFakeServer()
    const first = await serverDevice(server).repo.auth.signUp(ada)
    const second = serverDevice(server)
    await second.repo.auth.signIn({ email: ada.email, password: ada.password })
    await second.db.users.update(first.id, { letterCount: 3 })
    await second.repo.auth.signOut()
    const again = await second.repo.auth.signIn({ email: ada.email, password: ada.password })
    expect(again).toMatchObject({ id: first.id, letterCount: 3 })
    expect(await second.db.users.count()).toBe(1)
  })

  it('mirrors an employee with the coupon code the server gave', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    const user = await device.repo.auth.signUp({ ...ada, role: 'employee' })
    expect(user).toMatchObject({ role: 'employee', referrals: 0, earningsCents: 0 })
    expect(user.couponCode).toBe(server.accounts.get('ada@example.com')?.user.couponCode)
  })

  it('leaves the admin secret to the server', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    const admin = { fullName: 'Root', email: 'root@example.com', password: 'long password' }
    await expect(
      device.repo.auth.signUpAdmin({ ...admin, adminSecret: 'guess' }),
    ).rejects.toMatchObject({ code: 'INVALID_ADMIN_SECRET', message: 'Invalid admin secret key' })
    expect(await device.repo.auth.currentUser()).toBeNull()
    const user = await device.repo.auth.signUpAdmin({ ...admin, adminSecret: FAKE_ADMIN_SECRET })
    expect(user.role).toBe('admin')
  })

  it("shows the server's refusal as it words it", async () => {
    const server = createFakeServer()
    await serverDevice(server).repo.auth.signUp(ada)
    const device = serverDevice(server)
    await expect(device.repo.auth.signUp(ada)).rejects.toThrow('User already exists')
    await expect(
      device.repo.auth.signIn({ email: ada.email, password: 'wrong horse' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' })
    expect(await device.db.users.count()).toBe(0)
  })

  it('says a connection is needed when offline, and that the server did not answer when it did not', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    device.network.online = false
    await expect(device.repo.auth.signUp(ada)).rejects.toMatchObject({
      code: 'NEEDS_CONNECTION',
      message: ERROR_MESSAGES.NEEDS_CONNECTION,
    })
    expect(server.calls).toEqual([])
    device.network.online = true
    server.state.down = true
    await expect(
      device.repo.auth.signIn({ email: ada.email, password: ada.password }),
    ).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE' })
  })

  it("refuses an account whose email this device's own account holds, deleting nothing", async () => {
    const server = createFakeServer()
    await serverDevice(server).repo.auth.signUp(ada)
    const device = serverDevice(server)
    const local = createDeviceAccountParts({ db: device.db, clock: () => new Date() })
    const own = await local.auth.signUp({ ...ada, fullName: 'Ada on this device' })
    await local.auth.signOut()
    await expect(
      device.repo.auth.signIn({ email: ada.email, password: ada.password }),
    ).rejects.toMatchObject({ code: 'DEVICE_ACCOUNT_CONFLICT' })
    expect(server.calls).toEqual([expect.objectContaining({ path: API_PATHS.signUp })])
    expect(await device.db.users.toArray()).toEqual([own])
    expect(await device.db.credentials.count()).toBe(1)
  })

  it('refuses, and ends the server session it opened, when an old copy holds the email under another id', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    const old = await device.repo.auth.signUp(ada)
    await device.repo.auth.signOut()
    // The server forgot the account (a new database) and it was made again, with a new id.
    server.accounts.clear()
    await serverDevice(server).repo.auth.signUp(ada)
    await expect(
      device.repo.auth.signIn({ email: ada.email, password: ada.password }),
    ).rejects.toMatchObject({ code: 'DEVICE_ACCOUNT_CONFLICT' })
    expect(await device.db.users.toArray()).toEqual([old])
    expect(await device.repo.auth.currentUser()).toBeNull()
    expect(device.jar.token).toBeNull()
  })
})

describe('signing out in server mode', () => {
  it('ends the session on the device and on the server', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    await device.repo.auth.signOut()
    expect(await device.repo.auth.currentUser()).toBeNull()
    await expect.poll(() => server.sessions.size).toBe(0)
    expect(device.store.items.has(PENDING_SIGN_OUT_KEY)).toBe(false)
  })

  it('signs out offline at once, and tells the server when the network is back', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    device.network.online = false
    await device.repo.auth.signOut()
    expect(await device.repo.auth.currentUser()).toBeNull()
    expect(server.sessions.size).toBe(1)
    expect(device.store.items.get(PENDING_SIGN_OUT_KEY)).toBe('1')

    device.goOnline()
    await expect.poll(() => server.sessions.size).toBe(0)
    expect(device.store.items.has(PENDING_SIGN_OUT_KEY)).toBe(false)
  })

  it('sends a sign-out left from offline before the next sign-in', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    device.network.online = false
    await device.repo.auth.signOut()
    device.network.online = true
    await device.repo.auth.signIn({ email: ada.email, password: ada.password })
    expect(server.calls.map((call) => call.path)).toEqual([
      API_PATHS.signUp,
      API_PATHS.signOut,
      API_PATHS.signIn,
    ])
    expect(server.sessions.size).toBe(1)
  })
})

describe('confirming the session at start', () => {
  it('ends the session here, once, when the server has ended it', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    server.sessions.clear()
    await device.repo.auth.confirmSession()
    expect(await device.repo.auth.currentUser()).toBeNull()
    expect(device.sessionsEnded.count).toBe(1)
    await device.repo.auth.confirmSession()
    expect(device.sessionsEnded.count).toBe(1)
  })

  it('changes nothing when the server cannot be asked', async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    const user = await device.repo.auth.signUp(ada)
    server.state.down = true
    await device.repo.auth.confirmSession()
    device.network.online = false
    await device.repo.auth.confirmSession()
    expect(await device.repo.auth.currentUser()).toEqual(user)
    expect(device.sessionsEnded.count).toBe(0)
  })

  it("takes the server's newer name for the account", async () => {
    const server = createFakeServer()
    const device = serverDevice(server)
    await device.repo.auth.signUp(ada)
    const account = server.accounts.get('ada@example.com')
    if (account) account.user = { ...account.user, fullName: 'Augusta Ada King' }
    await device.repo.auth.confirmSession()
    expect(await device.repo.auth.currentUser()).toMatchObject({ fullName: 'Augusta Ada King' })
    expect(device.sessionsEnded.count).toBe(0)
  })
})
