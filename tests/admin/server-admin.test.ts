import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createTestRepository } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import { setupTestServer } from '../../server/test-support/test-server'
import { adminDevice, customerDevice, localNoon, openShop, type Shop } from './support'

/**
 * The admin's view in server mode, read from the server through the
 * repository (decision 027): totals, keyset pages in the dashboard's row
 * shapes, and the refusals a non-admin, a lost session or no network get.
 */

const server = setupTestServer()
let shop: Shop | undefined
const opened = async () => (shop ??= await openShop(server()))

describe('the admin view read from the server', () => {
  it('reads the totals kept on the server, not the ones on this device', async () => {
    await opened()
    const admin = await adminDevice(server().app)
    expect(await admin.repo.serverAdmin.source()).toBe('server')
    expect(await admin.repo.serverAdmin.stats()).toMatchObject({
      users: 30,
      employees: 1,
      letters: 1,
      subscriptions: 1,
      revenueCents: 23_920,
      discountsCents: 5_980,
    })
    // This device holds the admin and nobody else.
    expect(await admin.repo.admin.totals()).toMatchObject({ users: 0, revenueCents: 0 })
  })

  it('walks users by cursor in the rows the dashboard shows, with a search and days', async () => {
    const { customer, people } = await opened()
    const admin = await adminDevice(server().app)
    const first = await admin.repo.serverAdmin.page('users', { limit: 25 })
    expect(first.rows).toHaveLength(25)
    expect(first.rows[0]).toEqual({
      id: customer.id,
      fullName: 'Cara Customer',
      email: customer.email,
      createdAt: '2026-11-25T09:00:00.000Z',
      letters: 1,
    })
    expect(first.cursor).not.toBeNull()
    const second = await admin.repo.serverAdmin.page('users', {
      limit: 25,
      cursor: first.cursor ?? undefined,
    })
    expect(second.rows.map((row) => row.fullName)).toEqual(people.slice(0, 5).reverse())
    expect(second.cursor).toBeNull()

    const found = await admin.repo.serverAdmin.page('users', {
      limit: 25,
      q: 'person 1',
      from: localNoon(2026, 1, 12),
      to: localNoon(2026, 1, 14),
    })
    expect(found.rows.map((row) => row.fullName)).toEqual(['Person 14', 'Person 13', 'Person 12'])
  })

  it('gives purchases with the buyer and the discount in cents and percent', async () => {
    const { customer, employee } = await opened()
    const admin = await adminDevice(server().app)
    const { rows } = await admin.repo.serverAdmin.page('subscriptions', { limit: 25 })
    expect(rows).toEqual([
      expect.objectContaining({
        plan: 'annual4',
        buyerEmail: customer.email,
        priceCents: 23_920,
        discountCents: 5_980,
        discountPercent: 20,
        couponCode: employee.couponCode,
      }),
    ])
    const letters = await admin.repo.serverAdmin.page('letters', { limit: 25 })
    expect(letters.rows).toEqual([
      expect.objectContaining({ matter: 'Unpaid invoice', ownerEmail: customer.email }),
    ])
  })

  it('tells a customer the dashboard is for admins', async () => {
    const { device } = await customerDevice(server().app, 'Nosy Customer')
    const refused = { code: 'ADMIN_ONLY', message: ERROR_MESSAGES.ADMIN_ONLY }
    await expect(device.repo.serverAdmin.stats()).rejects.toMatchObject(refused)
    await expect(device.repo.serverAdmin.page('users', { limit: 25 })).rejects.toMatchObject(
      refused,
    )
    // Still signed in: a refusal is not the end of the session.
    expect(await device.repo.auth.currentUser()).not.toBeNull()
  })

  it('ends the session here when the server no longer knows it', async () => {
    const admin = await adminDevice(server().app)
    await server().database.query('delete from sessions')
    await expect(admin.repo.serverAdmin.stats()).rejects.toMatchObject({ code: 'SESSION_ENDED' })
    expect(admin.sessionsEnded.count).toBe(1)
    expect(await admin.repo.auth.currentUser()).toBeNull()
  })

  it('offline, says the dashboard needs the server and sends nothing', async () => {
    const admin = await adminDevice(server().app)
    admin.network.online = false
    const asked = admin.faults.log.length
    await expect(admin.repo.serverAdmin.page('letters', { limit: 25 })).rejects.toMatchObject({
      code: 'ADMIN_NEEDS_CONNECTION',
    })
    expect(admin.faults.log).toHaveLength(asked)
  })

  it('in device-only mode reads the device, where there is no server to ask', async () => {
    const { repo } = createTestRepository()
    expect(await repo.serverAdmin.source()).toBe('device')
  })
})
