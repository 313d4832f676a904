import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { ApiUser } from '@/domain/api'
import type { Database } from '../db/database'
import { newAccountBody, post, sessionCookie, TEST_ADMIN_SECRET } from './test-server'

/** Signs up an admin with the test server's admin secret; returns its user and session cookie. */
export async function signedUpAdmin(app: FastifyInstance) {
  const { role: _role, ...body } = newAccountBody()
  const response = await post(app, '/api/auth/admin-sign-up', {
    ...body,
    fullName: `Admin ${body.fullName}`,
    adminSecret: TEST_ADMIN_SECRET,
  })
  if (response.statusCode !== 201)
    throw new Error(`admin sign-up answered ${response.statusCode}: ${response.body}`)
  return { user: response.json<{ user: ApiUser }>().user, cookie: sessionCookie(response) }
}

type Queryable = Pick<Database, 'query'>

/** An account written straight into the database (no password: it never signs in). */
export async function insertUser(
  database: Queryable,
  fields: {
    fullName?: string
    email?: string
    role?: 'user' | 'employee' | 'admin'
    createdAt?: string
    couponCode?: string | null
  } = {},
): Promise<string> {
  const id = randomUUID()
  await database.query(
    `insert into users (id, email, full_name, role, coupon_code, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6)`,
    [
      id,
      fields.email ?? `${id}@example.com`,
      fields.fullName ?? 'Inserted Person',
      fields.role ?? 'user',
      fields.couponCode ?? null,
      fields.createdAt ?? new Date().toISOString(),
    ],
  )
  return id
}

/** A letter of `ownerId` written straight into the database. */
export async function insertLetter(
  database: Queryable,
  ownerId: string,
  fields: { matter?: string; recipientName?: string; createdAt?: string; content?: string } = {},
): Promise<string> {
  const id = randomUUID()
  await database.query(
    `insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
       recipient_address, matter, resolution, content, status, generator, version,
       created_at, updated_at)
     values ($1, $2, 'Demand Letter', 'Ada Sender', '1 Main Street', $3, '2 High Street', $4,
       'Pay within 14 days.', $5, 'completed', 'built-in', nextval('sync_version'), $6, $6)`,
    [
      id,
      ownerId,
      fields.recipientName ?? 'Bob Recipient',
      fields.matter ?? 'Unpaid invoice',
      fields.content ?? 'Dear Bob, please pay.',
      fields.createdAt ?? new Date().toISOString(),
    ],
  )
  return id
}

/** A purchase of `ownerId` written straight into the database, with a commission when `employeeId` is given. */
export async function insertSubscription(
  database: Queryable,
  ownerId: string,
  fields: { employeeId?: string; couponCode?: string; createdAt?: string } = {},
): Promise<string> {
  const id = randomUUID()
  const coupon = fields.employeeId !== undefined
  const createdAt = fields.createdAt ?? new Date().toISOString()
  await database.query(
    `insert into subscriptions (id, owner_id, plan, list_cents, discount_percent, discount_cents,
       price_cents, letters, employee_id, coupon_code, gateway, charge_id, card_brand, card_last4,
       version, created_at, updated_at)
     values ($1, $2, 'annual4', 29900, $3, $4, $5, 4, $6, $7, 'test', $9, 'Visa', '4242',
       nextval('sync_version'), $8, $8)`,
    [
      id,
      ownerId,
      coupon ? 20 : 0,
      coupon ? 5980 : 0,
      coupon ? 23920 : 29900,
      fields.employeeId ?? null,
      coupon ? (fields.couponCode ?? 'EMPTEST22') : null,
      createdAt,
      `charge-${id}`,
    ],
  )
  if (fields.employeeId !== undefined) {
    await database.query(
      `insert into commissions (id, employee_id, subscription_id, sale_cents, commission_cents,
         version, created_at, updated_at)
       values ($1, $2, $3, 23920, 1196, nextval('sync_version'), $4, $4)`,
      [randomUUID(), fields.employeeId, id, createdAt],
    )
  }
  return id
}
