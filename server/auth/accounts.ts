import { eq } from 'drizzle-orm'
import type { ApiUser } from '@/domain/api'
import { generateCouponCode } from '@/domain/coupon-code'
import { AppError } from '@/domain/errors'
import { newId } from '@/domain/ids'
import type { Role } from '@/domain/types'
import type { Db } from '../db/database'
import { uniqueViolation } from '../db/errors'
import { auditLog, credentials, users } from '../db/schema'
import { hashPassword } from './passwords'
import type { UserRow } from './sessions'

const MAX_COUPON_DRAWS = 20

export type NewAccount = { fullName: string; email: string; password: string; role: Role }

export function toApiUser(row: UserRow): ApiUser {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export type AccountOptions = {
  now: Date
  ip: string
  /** Draws a coupon code; tests replace it to force collisions. */
  drawCouponCode?: () => string
}

/**
 * Creates the account and its credential in one transaction. The unique
 * indexes decide races: a taken email is `USER_EXISTS`, a coupon code drawn
 * twice is drawn again.
 */
export async function createAccount(
  db: Db,
  account: NewAccount,
  { now, ip, drawCouponCode = generateCouponCode }: AccountOptions,
): Promise<UserRow> {
  const passwordHash = await hashPassword(account.password)
  for (let draw = 0; draw < MAX_COUPON_DRAWS; draw++) {
    try {
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            id: newId(),
            email: account.email,
            fullName: account.fullName,
            role: account.role,
            couponCode: account.role === 'employee' ? drawCouponCode() : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        if (!user) throw new AppError('SIGNUP_FAILED')
        await tx.insert(credentials).values({ userId: user.id, passwordHash, updatedAt: now })
        await tx.insert(auditLog).values({ userId: user.id, action: 'sign-up', ip, at: now })
        return user
      })
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint === 'users_email_key') throw new AppError('USER_EXISTS')
      if (constraint !== 'users_coupon_code_key') throw error
    }
  }
  throw new AppError('SIGNUP_FAILED')
}

export async function findAccountByEmail(
  db: Db,
  email: string,
): Promise<{ user: UserRow; passwordHash: string } | null> {
  const [row] = await db
    .select({ user: users, passwordHash: credentials.passwordHash })
    .from(users)
    .innerJoin(credentials, eq(credentials.userId, users.id))
    .where(eq(users.email, email))
    .limit(1)
  return row ?? null
}

export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: credentials.passwordHash })
    .from(credentials)
    .where(eq(credentials.userId, userId))
  return row?.passwordHash ?? null
}

export async function audit(db: Db, userId: string | null, action: string, ip: string, at: Date) {
  await db.insert(auditLog).values({ userId, action, ip, at })
}
