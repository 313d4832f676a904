import type { Table } from 'dexie'
import { generateCouponCode } from '@/domain/coupon-code'
import { newId } from '@/domain/ids'
import { LETTER_TYPES } from '@/domain/letter-schema'
import { formatCents, priceWithCoupon } from '@/domain/money'
import { PLANS, planExpiry } from '@/domain/plans'
import type { Commission, Letter, Subscription, User } from '@/domain/types'
import type { SeedDemoOptions, SeedDemoResult } from './admin-repository'
import type { LetterheadDatabase } from './database'
import { CITIES, FIRST_NAMES, LAST_NAMES, MATTERS, STREETS } from './demo-words'

export type SeedDemoDataOptions = SeedDemoOptions & {
  now?: Date
  /** Numbers in [0, 1); pass a seeded one for the same data every run. */
  random?: () => number
}

const CHUNK = 2_000
const DAY = 86_400_000
/** One employee per this many users, as a small sales team would be. */
const USERS_PER_EMPLOYEE = 50
const BUYER_SHARE = 0.35
const COUPON_SHARE = 0.4

/** A small seeded generator (mulberry32), so a benchmark sees the same data every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * Bulk-adds demo accounts, letters, purchases and commissions, a chunk per
 * transaction so the page stays responsive and progress can be shown. The
 * accounts get no credentials: nobody can sign in as them.
 */
export async function seedDemoData(
  db: LetterheadDatabase,
  { users, letters, onProgress, now = new Date(), random = Math.random }: SeedDemoDataOptions,
): Promise<SeedDemoResult> {
  const userCount = Math.max(0, Math.floor(users))
  const letterCount = userCount === 0 ? 0 : Math.max(0, Math.floor(letters))
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T
  const between = (from: number, to: number) => from + Math.floor(random() * (to - from + 1))
  const pastIso = (days: number, after = now.getTime() - days * DAY) =>
    new Date(between(after, now.getTime())).toISOString()
  // A tag per run keeps emails unique when seeding more than once.
  const tag = Math.floor(random() * 36 ** 5).toString(36)
  const person = (index: number, role: User['role']): User => {
    const first = pick(FIRST_NAMES)
    const last = pick(LAST_NAMES)
    const createdAt = pastIso(400)
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
    return {
      id: newId(),
      email: `${local}.${tag}${index}@${role === 'employee' ? 'staff.' : ''}example.com`,
      fullName: `${first} ${last}`,
      role,
      createdAt,
      updatedAt: createdAt,
    }
  }

  const employees = await employeeAccounts(db, userCount, (index) => person(index, 'employee'))
  const customers = Array.from({ length: userCount }, (_, index) => ({
    ...person(index, 'user'),
    letterCount: 0,
  }))
  const subscriptions: Subscription[] = []
  const commissions: Commission[] = []
  for (const customer of customers) {
    if (random() >= BUYER_SHARE) continue
    const plan = pick(PLANS)
    const employee = employees.length > 0 && random() < COUPON_SHARE ? pick(employees) : undefined
    const price = priceWithCoupon(plan.priceCents, employee !== undefined)
    const createdAt = pastIso(0, Date.parse(customer.createdAt))
    const id = newId()
    subscriptions.push({
      id,
      userId: customer.id,
      plan: plan.id,
      priceCents: price.priceCents,
      discountCents: price.discountCents,
      discountPercent: price.discountPercent,
      letters: plan.letters,
      lettersUsed: 0,
      expiresAt: planExpiry(plan, new Date(createdAt)),
      idempotencyKey: id,
      cardBrand: 'Visa',
      cardLast4: '4242',
      ...(employee ? { couponCode: employee.couponCode, employeeId: employee.id } : {}),
      createdAt,
      updatedAt: createdAt,
    })
    if (!employee) continue
    commissions.push({
      id: newId(),
      employeeId: employee.id,
      subscriptionId: id,
      amountCents: price.commissionCents,
      createdAt,
      updatedAt: createdAt,
    })
    employee.referrals = (employee.referrals ?? 0) + 1
    employee.earningsCents = (employee.earningsCents ?? 0) + price.commissionCents
  }

  const letter = (owner: User): Letter => {
    const sender = owner.fullName
    const recipient = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`
    const [matterPattern, resolutionPattern] = pick(MATTERS)
    const fill = (text: string) =>
      text
        .replace('{n}', String(between(1000, 9999)))
        .replace('{street}', pick(STREETS))
        .replace('{name}', recipient)
        .replace('${amount}', formatCents(between(50, 9000) * 100))
    const matter = fill(matterPattern)
    const resolution = fill(resolutionPattern)
    const createdAt = pastIso(0, Date.parse(owner.createdAt))
    const address = () => `${between(1, 240)} ${pick(STREETS)}\n${pick(CITIES)}`
    return {
      id: newId(),
      userId: owner.id,
      type: pick(LETTER_TYPES),
      senderName: sender,
      senderAddress: address(),
      recipientName: recipient,
      recipientAddress: address(),
      matter,
      resolution,
      content: `Dear ${recipient}:\n\nRe: ${matter}\n\nI write regarding the matter above. ${resolution} Please respond within 30 days of the date of this letter.\n\nSincerely,\n\n${sender}`,
      status: 'completed',
      generator: 'built-in',
      createdAt,
      updatedAt: createdAt,
    }
  }

  const total =
    employees.length + customers.length + subscriptions.length + commissions.length + letterCount
  let done = 0
  const progress = (rows: number) => {
    done += rows
    onProgress?.({ done, total })
  }
  const write = async (table: Table, rows: readonly unknown[]) => {
    await db.transaction('rw', table, () => table.bulkAdd(rows))
    progress(rows.length)
  }
  /** Letters and their owners' counts, in one transaction. */
  const writeLetters = async (owners: readonly User[]) => {
    const rows = owners.map(letter)
    for (const owner of owners) owner.letterCount = (owner.letterCount ?? 0) + 1
    await db.transaction('rw', db.letters, db.users, async () => {
      await Promise.all([db.letters.bulkAdd(rows), db.users.bulkPut([...new Set(owners)])])
    })
    progress(rows.length)
  }
  onProgress?.({ done, total })
  const groups: Array<[Table, readonly unknown[]]> = [
    [db.users, employees],
    [db.users, customers],
    [db.subscriptions, subscriptions],
    [db.commissions, commissions],
  ]
  for (const [table, rows] of groups)
    for (let start = 0; start < rows.length; start += CHUNK)
      await write(table, rows.slice(start, start + CHUNK))
  // Owners are drawn first and sorted, so a chunk of letters moves the counts of few customers.
  const ownerIndexes = Array.from({ length: letterCount }, () =>
    Math.floor(random() * customers.length),
  ).sort((a, b) => a - b)
  // Letters are made a chunk at a time: a hundred thousand at once would hold every text in memory.
  for (let start = 0; start < letterCount; start += CHUNK)
    await writeLetters(
      ownerIndexes.slice(start, start + CHUNK).map((index) => customers[index] as User),
    )
  return {
    users: customers.length,
    employees: employees.length,
    letters: letterCount,
    subscriptions: subscriptions.length,
    commissions: commissions.length,
  }
}

/** Employees with coupon codes unused so far, their totals starting at zero. */
async function employeeAccounts(
  db: LetterheadDatabase,
  userCount: number,
  person: (index: number) => User,
): Promise<Array<User & { couponCode: string }>> {
  const count = userCount === 0 ? 0 : Math.max(1, Math.round(userCount / USERS_PER_EMPLOYEE))
  const codes = new Set<string>()
  while (codes.size < count) {
    const candidates = Array.from({ length: count - codes.size }, () => generateCouponCode())
    const taken = new Set(await db.users.where('couponCode').anyOf(candidates).keys())
    for (const code of candidates) if (!taken.has(code)) codes.add(code)
  }
  return [...codes].map((couponCode, index) => ({
    ...person(index),
    couponCode,
    referrals: 0,
    earningsCents: 0,
  }))
}
