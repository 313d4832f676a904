import { DATABASE_NAME, type LetterheadDatabase, openDatabase } from '@/data/database'
import { seedDemoData, seededRandom } from '@/data/demo-seed'
import { SESSION_KEY } from '@/data/dexie/context'
import { newId } from '@/domain/ids'
import { PLANS, planExpiry } from '@/domain/plans'
import type { Role, Subscription, User } from '@/domain/types'

export type Seeded = { db: LetterheadDatabase; meId: string | null; adminId: string; users: number }

/** Enough credits for every create the bench makes at one size. */
const BENCH_SUBSCRIPTIONS = 10

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error ?? new Error(`Could not delete ${name}`))
    request.onblocked = () => reject(new Error(`${name} is open elsewhere; close other tabs`))
  })
}

function account(role: Role, name: string, now: Date): User {
  const at = now.toISOString()
  return {
    id: newId(),
    email: `${name}@bench.example.com`,
    fullName: `Bench ${name}`,
    role,
    createdAt: at,
    updatedAt: at,
  }
}

export function benchSubscription(userId: string, now: Date): Subscription {
  const plan = PLANS.find((candidate) => candidate.id === 'annual8') ?? PLANS[0]
  if (!plan) throw new Error('No plans')
  const id = newId()
  return {
    id,
    userId,
    plan: plan.id,
    priceCents: plan.priceCents,
    discountCents: 0,
    discountPercent: 0,
    letters: plan.letters,
    lettersUsed: 0,
    expiresAt: planExpiry(plan, now),
    idempotencyKey: id,
    cardBrand: 'Visa',
    cardLast4: '4242',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  }
}

export async function signInAs(db: LetterheadDatabase, userId: string): Promise<void> {
  await db.session.put({ id: SESSION_KEY, userId, signedInAt: new Date().toISOString() })
}

/** A fresh `letterhead` database, as the app opens it, with an admin account. */
async function freshDatabase(now: Date): Promise<{ db: LetterheadDatabase; adminId: string }> {
  await deleteDatabase(DATABASE_NAME)
  const db = openDatabase()
  const admin = account('admin', 'admin', now)
  await db.users.add(admin)
  return { db, adminId: admin.id }
}

/**
 * `letters` letters, all the bench user's, who is signed in and has credits
 * to write more; and a tenth as many other accounts with their purchases,
 * from the app's own demo generator.
 */
export async function seedOwnLetters(letters: number): Promise<Seeded> {
  const now = new Date()
  const { db, adminId } = await freshDatabase(now)
  await seedDemoData(db, { users: 1, letters, now, random: seededRandom(1) })
  const me = await db.users.where('role').equals('user').first()
  if (!me) throw new Error('The demo seed made no user')
  const others = Math.max(0, Math.round(letters / 10) - 1)
  await seedDemoData(db, { users: others, letters: 0, now, random: seededRandom(2) })
  await db.subscriptions.bulkAdd(
    Array.from({ length: BENCH_SUBSCRIPTIONS }, () => benchSubscription(me.id, now)),
  )
  await signInAs(db, me.id)
  return { db, meId: me.id, adminId, users: await db.users.count() }
}

/** The demo data set the admin dashboard is built for, an admin signed in. */
export async function seedDemoScale(users: number, letters: number): Promise<Seeded> {
  const now = new Date()
  const { db, adminId } = await freshDatabase(now)
  await seedDemoData(db, { users, letters, now, random: seededRandom(42) })
  await signInAs(db, adminId)
  return { db, meId: null, adminId, users: await db.users.count() }
}
