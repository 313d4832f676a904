import { sql } from 'drizzle-orm'
import { generateCouponCode } from '@/domain/coupon-code'
import { credentials, users } from '../db/schema'
import { type Employee, iso, type Person, personName, type SeedContext, timeSince } from './context'
import { batches, DAY_MS } from './draw'

export const DEMO_ADMIN_EMAIL = 'demo-admin@example.com'

/** Customers joined over the last year; the sales team a month or so before the first of them. */
const CUSTOMERS_SINCE_DAYS = 365
const EMPLOYEES_FROM_DAYS = 400
const EMPLOYEES_TO_DAYS = 366

type Account = Person & { role: 'user' | 'employee'; couponCode: string | null }

/**
 * Customers, employees with coupon codes no account holds yet, and one admin
 * (kept as it is when an earlier run made it). Every account gets the same
 * password hash, computed once by the caller.
 */
export async function seedAccounts(
  context: SeedContext,
  sizes: { users: number; employees: number },
  passwordHash: string,
): Promise<{ customers: Person[]; employees: Employee[]; adminCreated: boolean }> {
  const { draw, tag } = context
  const daysAgo = (days: number) => context.now.getTime() - days * DAY_MS
  const codes = await freeCouponCodes(context, sizes.employees)
  const employees: Employee[] = codes.map((couponCode, index) => {
    const { fullName, local } = personName(context)
    const createdAt = draw.between(daysAgo(EMPLOYEES_FROM_DAYS), daysAgo(EMPLOYEES_TO_DAYS))
    const email = `${local}.${tag}${index}@staff.example.com`
    return { id: crypto.randomUUID(), fullName, email, createdAt, couponCode }
  })
  const customers: Person[] = Array.from({ length: sizes.users }, (_, index) => {
    const { fullName, local } = personName(context)
    const createdAt = timeSince(context, daysAgo(CUSTOMERS_SINCE_DAYS))
    return {
      id: crypto.randomUUID(),
      fullName,
      email: `${local}.${tag}${index}@example.com`,
      createdAt,
    }
  })
  const asEmployee = (one: Employee): Account => ({ ...one, role: 'employee' })
  const asCustomer = (one: Person): Account => ({ ...one, role: 'user', couponCode: null })
  await insertAccounts(context, employees.map(asEmployee), passwordHash)
  await insertAccounts(context, customers.map(asCustomer), passwordHash)
  const adminCreated = await insertAdmin(context, daysAgo(EMPLOYEES_FROM_DAYS + 1), passwordHash)
  return { customers, employees, adminCreated }
}

/** Accounts a batch per transaction, each with its credentials. */
async function insertAccounts(context: SeedContext, accounts: Account[], passwordHash: string) {
  for (const { start, count } of batches(accounts.length, context.batch)) {
    const rows = accounts.slice(start, start + count)
    const column = <K extends keyof Account>(key: K) => sql.param(rows.map((row) => row[key]))
    const createdAt = sql.param(rows.map((row) => iso(row.createdAt)))
    await context.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into users (id, email, full_name, role, coupon_code, created_at, updated_at)
        select n.id, n.email, n.full_name, n.role, n.coupon_code, n.created_at, n.created_at
        from unnest(
          ${column('id')}::uuid[], ${column('email')}::text[], ${column('fullName')}::text[],
          ${column('role')}::text[], ${column('couponCode')}::text[], ${createdAt}::timestamptz[]
        ) as n(id, email, full_name, role, coupon_code, created_at)
      `)
      await tx.execute(sql`
        insert into credentials (user_id, password_hash, updated_at)
        select n.id, ${passwordHash}, ${context.now.toISOString()}::timestamptz
        from unnest(${column('id')}::uuid[]) as n(id)
      `)
    })
    context.wrote('accounts', count)
  }
}

/** The demo admin, unless an account has its e-mail already; whether it was made now. */
async function insertAdmin(context: SeedContext, createdAt: number, passwordHash: string) {
  const id = crypto.randomUUID()
  const at = new Date(createdAt)
  return context.db.transaction(async (tx) => {
    const added = await tx
      .insert(users)
      .values({
        id,
        email: DEMO_ADMIN_EMAIL,
        fullName: 'Demo Admin',
        role: 'admin',
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id })
    if (added.length === 0) return false
    await tx.insert(credentials).values({ userId: id, passwordHash, updatedAt: context.now })
    return true
  })
}

/** `count` new-style codes (decision 022), none held by an account already. */
async function freeCouponCodes(context: SeedContext, count: number): Promise<string[]> {
  const codes = new Set<string>()
  while (codes.size < count) {
    const drawn = Array.from({ length: count - codes.size }, () => generateCouponCode())
    const taken = await context.db
      .select({ code: users.couponCode })
      .from(users)
      .where(sql`${users.couponCode} = any(${sql.param(drawn)}::text[])`)
    const held = new Set(taken.map((row) => row.code))
    for (const code of drawn) if (!held.has(code)) codes.add(code)
  }
  return [...codes]
}
