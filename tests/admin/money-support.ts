import type { FastifyInstance } from 'fastify'
import type { Database } from '../../server/db/database'
import { buyLetters } from '../sync/support/device'
import { customerDevice } from './support'

/** A new customer who bought Annual 4 Letters ($299, 4 letters) with `couponCode`. */
export async function saleWithCode(app: FastifyInstance, couponCode: string) {
  const { device, email } = await customerDevice(app)
  const paid = await buyLetters(device, 'annual4', couponCode)
  return { email, subscriptionId: paid.subscription.id }
}

/** Moves every commission 31 days back: past the 30-day refund window, so a payout approves it. */
export async function pastRefundWindow(database: Database) {
  await database.query(`update commissions set created_at = created_at - interval '31 days'`)
}

/** The commission a purchase earned, in cents. */
export async function commissionCents(database: Database, subscriptionId: string) {
  const [row] = (await database.query(
    `select commission_cents as cents from commissions where subscription_id = $1`,
    [subscriptionId],
  )) as { cents: number }[]
  if (!row) throw new Error(`No commission for ${subscriptionId}`)
  return row.cents
}
