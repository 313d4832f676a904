import 'fake-indexeddb/auto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestRepository } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import type { ApiUser } from '@/domain/api'
import { setupTestServer, signedUp } from '../../server/test-support/test-server'
import { commissionCents, pastRefundWindow, saleWithCode } from './money-support'
import { adminDevice, customerDevice } from './support'

/**
 * The admin's refunds and payouts in server mode, through the repository:
 * what the server answers, the purchase's row marked refunded, and the same
 * refusals as the admin's reads (not an admin, no session, offline).
 */

const server = setupTestServer()
let employee: ApiUser

beforeAll(async () => {
  employee = (await signedUp(server().app, 'employee')).user
})

const code = () => employee.couponCode ?? ''

describe("the admin's refunds and payouts through the repository", () => {
  it('refunds a purchase once, and its row says when', async () => {
    const refunded = await saleWithCode(server().app, code())
    const kept = await saleWithCode(server().app, code())
    const admin = await adminDevice(server().app)

    const answer = await admin.repo.serverAdmin.refund(refunded.subscriptionId)
    expect(answer).toMatchObject({
      refund: { subscriptionId: refunded.subscriptionId, amountCents: 23_920, lettersWithdrawn: 4 },
      commission: 'voided',
    })
    const { rows } = await admin.repo.serverAdmin.page('subscriptions', { limit: 25 })
    const row = (email: string) => rows.find((shown) => shown.buyerEmail === email)
    expect(row(refunded.email)?.refundedAt).toBe(answer.refund.createdAt)
    expect(row(kept.email)?.refundedAt).toBeNull()

    // Asked again, it answers the first refund and refunds nothing more.
    const again = await admin.repo.serverAdmin.refund(refunded.subscriptionId)
    expect(again.refund.id).toBe(answer.refund.id)
  })

  it('pays every approved commission once, and says what to pay whom', async () => {
    const admin = await adminDevice(server().app)
    // Every commission so far is within its refund window: nothing is approved yet.
    expect(await admin.repo.serverAdmin.recordPayout()).toMatchObject({ totalCents: 0, lines: [] })

    const sale = await saleWithCode(server().app, code())
    await pastRefundWindow(server().database)
    const cents = await commissionCents(server().database, sale.subscriptionId)
    const payout = await admin.repo.serverAdmin.recordPayout()
    // The first test's kept sale is paid too; its refunded one was voided.
    expect(payout.lines).toEqual([
      {
        employeeId: employee.id,
        fullName: employee.fullName,
        email: employee.email,
        couponCode: code(),
        commissions: 2,
        amountCents: 2 * cents,
      },
    ])
    expect(payout.totalCents).toBe(2 * cents)
    expect(await admin.repo.serverAdmin.recordPayout()).toMatchObject({ totalCents: 0, lines: [] })
  })

  it('tells a customer that refunds and payouts are for admins', async () => {
    const sale = await saleWithCode(server().app, code())
    const { device } = await customerDevice(server().app, 'Nosy Customer')
    const refused = { code: 'ADMIN_ONLY', message: ERROR_MESSAGES.ADMIN_ONLY }
    await expect(device.repo.serverAdmin.refund(sale.subscriptionId)).rejects.toMatchObject(refused)
    await expect(device.repo.serverAdmin.recordPayout()).rejects.toMatchObject(refused)
    expect(await device.repo.auth.currentUser()).not.toBeNull()
  })

  it('offline, says the server is needed and sends nothing; a bad id is not sent either', async () => {
    const admin = await adminDevice(server().app)
    const asked = admin.faults.log.length
    await expect(admin.repo.serverAdmin.refund('not-an-id')).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
    admin.network.online = false
    const offline = { code: 'ADMIN_NEEDS_CONNECTION' }
    await expect(admin.repo.serverAdmin.refund(crypto.randomUUID())).rejects.toMatchObject(offline)
    await expect(admin.repo.serverAdmin.recordPayout()).rejects.toMatchObject(offline)
    expect(admin.faults.log).toHaveLength(asked)
  })

  it('in device-only mode has no server to refund or pay through', async () => {
    const { repo } = createTestRepository()
    const none = { code: 'SERVER_UNREACHABLE' }
    await expect(repo.serverAdmin.refund(crypto.randomUUID())).rejects.toMatchObject(none)
    await expect(repo.serverAdmin.recordPayout()).rejects.toMatchObject(none)
  })

  // Last: it ends every session on the server.
  it('ends the session here when the server no longer knows it', async () => {
    const admin = await adminDevice(server().app)
    await server().database.query('delete from sessions')
    await expect(admin.repo.serverAdmin.recordPayout()).rejects.toMatchObject({
      code: 'SESSION_ENDED',
    })
    expect(admin.sessionsEnded.count).toBe(1)
    expect(await admin.repo.auth.currentUser()).toBeNull()
  })
})
