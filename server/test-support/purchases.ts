import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import type { Database } from '../db/database'

/** The test gateway's card that always pays. */
export const GOOD_CARD = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '12/30',
  cvv: '123',
  cardholderName: 'Ada Customer',
}

/** The coupon code the server drew for `employeeId`. */
export async function couponOf(database: Pick<Database, 'query'>, employeeId: string) {
  const [row] = (await database.query(`select coupon_code from users where id = $1`, [
    employeeId,
  ])) as { coupon_code: string }[]
  if (!row) throw new Error(`no employee ${employeeId}`)
  return row.coupon_code
}

/** Buys `plan` as the customer with `cookie`, and expects it to be paid; answers the purchase's id. */
export async function buy(
  app: FastifyInstance,
  cookie: string,
  plan: string,
  couponCode?: string,
): Promise<string> {
  const bought = await app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { plan, ...(couponCode === undefined ? {} : { couponCode }), card: GOOD_CARD },
    headers: { cookie, 'idempotency-key': randomUUID() },
  })
  expect(bought.statusCode, bought.body).toBe(201)
  return bought.json<{ subscription: { id: string } }>().subscription.id
}

/** Each purchase's balance on the ledger: granted, less taken, withdrawn or moved. */
export async function ledgerBalance(database: Pick<Database, 'query'>, subscriptionId: string) {
  const [row] = (await database.query(
    `select coalesce(sum(delta), 0)::int as balance from credit_ledger where subscription_id = $1`,
    [subscriptionId],
  )) as { balance: number }[]
  return row?.balance ?? 0
}
