import { eq } from 'drizzle-orm'
import { AppError } from '@/domain/errors'
import {
  lockedMessage,
  lockRemainingMs,
  registerFailure,
  type ThrottleRecord,
} from '@/domain/sign-in-throttle'
import type { Db } from '../db/database'
import { signInThrottle } from '../db/schema'
import { audit, findAccountByEmail } from './accounts'
import { spendDecoyVerification, verifyPassword } from './passwords'
import type { UserRow } from './sessions'

/** A refusal that tells the client when to come back. */
export class LockedOut extends AppError {
  constructor(readonly retryAfterMs: number) {
    super('TOO_MANY_ATTEMPTS', lockedMessage(retryAfterMs))
  }
}

function toRecord(row: typeof signInThrottle.$inferSelect | undefined): ThrottleRecord | undefined {
  if (!row) return undefined
  return {
    email: row.email,
    failures: row.failures,
    lockedUntil: row.lockedUntil?.toISOString() ?? null,
  }
}

async function readThrottle(db: Db, email: string) {
  const [row] = await db.select().from(signInThrottle).where(eq(signInThrottle.email, email))
  return toRecord(row)
}

/** Counts a failure against the email, in a transaction so two at once both count. */
async function recordFailure(db: Db, email: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signInThrottle)
      .where(eq(signInThrottle.email, email))
      .for('update')
    const next = registerFailure(toRecord(row), email, now)
    const values = {
      failures: next.failures,
      lockedUntil: next.lockedUntil ? new Date(next.lockedUntil) : null,
    }
    await tx
      .insert(signInThrottle)
      .values({ email, ...values })
      .onConflictDoUpdate({ target: signInThrottle.email, set: values })
  })
}

/**
 * Checks an email and password with the device's lockout rules: unknown email
 * and wrong password get the same answer after the same work.
 */
export async function checkCredentials(
  db: Db,
  email: string,
  password: string,
  { now, ip }: { now: Date; ip: string },
): Promise<UserRow> {
  const wait = lockRemainingMs(await readThrottle(db, email), now)
  if (wait > 0) throw new LockedOut(wait)

  const account = await findAccountByEmail(db, email)
  const verified = account
    ? await verifyPassword(account.passwordHash, password)
    : (await spendDecoyVerification(password), false)

  if (!account || !verified) {
    await recordFailure(db, email, now)
    if (account) await audit(db, account.user.id, 'sign-in-failed', ip, now)
    throw new AppError('INVALID_CREDENTIALS')
  }
  await db.delete(signInThrottle).where(eq(signInThrottle.email, email))
  return account.user
}
