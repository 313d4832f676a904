import { Dexie, type Table } from 'dexie'
import { DELETED_ACCOUNT_PREFIX, isDeletedAccountEmail } from '@/domain/account-data'
import { findPlan } from '@/domain/plans'
import type { Role, User } from '@/domain/types'
import type { AdminPage, AdminRepository, AdminUserRow } from '../admin-repository'
import type { LetterheadDatabase } from '../database'
import { containsNeedle, type Paging, pageOf, parseAdminQuery, scanTable } from './admin-page'
import { type RepositoryContext, readAs, requireRole } from './context'

/** Accounts of one role in the order of `field`, through the `[role+field]` index. */
const byRole = (db: LetterheadDatabase, role: Role, field: string) =>
  db.users.where(`[role+${field}]`).between([role, Dexie.minKey], [role, Dexie.maxKey])

/** Users (any role) whose email contains `needle`: lets letters and purchases be found by owner. */
async function idsWithEmailLike(db: LetterheadDatabase, needle: string): Promise<Set<string>> {
  const ids = new Set<string>()
  await scanTable(db.users, (user) => {
    if (containsNeedle(needle, user.email)) ids.add(user.id)
  })
  return ids
}

async function usersById(
  db: LetterheadDatabase,
  ids: readonly string[],
): Promise<Map<string, User>> {
  const users = await db.users.bulkGet([...new Set(ids)])
  return new Map(users.flatMap((user) => (user ? [[user.id, user]] : [])))
}

/**
 * Deleted accounts of `role`: rows kept for the books (decision 035), counted
 * and listed nowhere. Found through the e-mail index, so the usual answer,
 * none, costs one short range.
 */
const deletedAccounts = (db: LetterheadDatabase, role: Role) =>
  db.users
    .where('email')
    .startsWith(DELETED_ACCOUNT_PREFIX)
    .filter((user) => user.role === role && isDeletedAccountEmail(user.email))
    .count()

/** A page of one role's accounts, deleted ones left out; a search looks in each account's `fields`. */
async function accountsPage(
  db: LetterheadDatabase,
  role: Role,
  query: Paging & { sort: keyof User; needle: string | null },
  fields: (user: User) => ReadonlyArray<string | null | undefined>,
): Promise<AdminPage<User>> {
  const { needle } = query
  const skipDeleted = (await deletedAccounts(db, role)) > 0
  return pageOf(
    db.users,
    query.sort,
    query,
    needle || skipDeleted
      ? (user) =>
          user.role === role &&
          !isDeletedAccountEmail(user.email) &&
          (needle === null || containsNeedle(needle, ...fields(user)))
      : null,
    () => byRole(db, role, query.sort),
  )
}

type Owned = { id: string; userId: string }

/**
 * A page of rows that belong to someone (letters, purchases), each with its
 * owner's email. A search finds a row by its owner's email or by its own `fields`.
 */
async function ownedPage<T extends Owned, Insert>(
  db: LetterheadDatabase,
  table: Table<T, string, Insert>,
  query: Paging & { sort: keyof T & string; needle: string | null },
  fields: (row: T) => ReadonlyArray<string | null | undefined>,
): Promise<AdminPage<{ row: T; ownerEmail: string | null }>> {
  const { needle } = query
  const owners = needle ? await idsWithEmailLike(db, needle) : null
  const page = await pageOf(
    table,
    query.sort,
    query,
    needle
      ? (row) => owners?.has(row.userId) === true || containsNeedle(needle, ...fields(row))
      : null,
  )
  const users = await usersById(
    db,
    page.rows.map((row) => row.userId),
  )
  const rows = page.rows.map((row) => ({ row, ownerEmail: users.get(row.userId)?.email ?? null }))
  return { rows, total: page.total }
}

export function createAdminRepository({ db, clock }: RepositoryContext): AdminRepository {
  /** Runs `read` in one read transaction (so a page and its total agree), for admins only. */
  function asAdmin<T>(tables: Dexie.Table[], read: () => Promise<T>): Promise<T> {
    return readAs(db, ['admin'], tables, read)
  }

  return {
    totals: () =>
      asAdmin([db.letters, db.subscriptions], async () => {
        // Counts read only the indexes; the purchases are read in one batch,
        // several times faster than stepping a cursor through them.
        const [users, employees, deletedUsers, deletedEmployees, letters, subscriptions] =
          await Promise.all([
            db.users.where('role').equals('user').count(),
            db.users.where('role').equals('employee').count(),
            deletedAccounts(db, 'user'),
            deletedAccounts(db, 'employee'),
            db.letters.count(),
            db.subscriptions.toArray(),
          ])
        const revenueCents = subscriptions.reduce((sum, { priceCents }) => sum + priceCents, 0)
        return {
          users: users - deletedUsers,
          employees: employees - deletedEmployees,
          letters,
          revenueCents,
        }
      }),

    users: (input) =>
      asAdmin([], async () => {
        const page = await accountsPage(db, 'user', parseAdminQuery('users', input), (user) => [
          user.fullName,
          user.email,
        ])
        // Each user row keeps its letter count (docs/decisions/012-stored-tallies.md).
        const rows = page.rows.map((user): AdminUserRow => ({
          id: user.id,
          fullName: user.fullName,
          email: user.email,
          createdAt: user.createdAt,
          letters: user.letterCount ?? 0,
        }))
        return { rows, total: page.total }
      }),

    employees: (input) =>
      asAdmin([], async () => {
        const query = parseAdminQuery('employees', input)
        const page = await accountsPage(db, 'employee', query, (user) => [
          user.fullName,
          user.email,
          user.couponCode,
        ])
        const rows = page.rows.map((user) => ({
          id: user.id,
          fullName: user.fullName,
          email: user.email,
          couponCode: user.couponCode ?? '',
          referrals: user.referrals ?? 0,
          earningsCents: user.earningsCents ?? 0,
          createdAt: user.createdAt,
        }))
        return { rows, total: page.total }
      }),

    letters: (input) =>
      asAdmin([db.letters], async () => {
        const page = await ownedPage(
          db,
          db.letters,
          parseAdminQuery('letters', input),
          (letter) => [letter.matter, letter.type, letter.senderName, letter.recipientName],
        )
        const rows = page.rows.map(({ row: letter, ownerEmail }) => ({
          id: letter.id,
          type: letter.type,
          matter: letter.matter,
          senderName: letter.senderName,
          recipientName: letter.recipientName,
          status: letter.status,
          createdAt: letter.createdAt,
          ownerEmail,
        }))
        return { rows, total: page.total }
      }),

    subscriptions: (input) =>
      asAdmin([db.subscriptions], async () => {
        const page = await ownedPage(
          db,
          db.subscriptions,
          parseAdminQuery('subscriptions', input),
          (subscription) => [
            subscription.couponCode,
            subscription.plan,
            findPlan(subscription.plan)?.name,
          ],
        )
        const rows = page.rows.map(({ row: subscription, ownerEmail }) => ({
          id: subscription.id,
          plan: subscription.plan,
          priceCents: subscription.priceCents,
          discountCents: subscription.discountCents,
          discountPercent: subscription.discountPercent,
          couponCode: subscription.couponCode ?? null,
          buyerEmail: ownerEmail,
          createdAt: subscription.createdAt,
        }))
        return { rows, total: page.total }
      }),

    messages: (input) =>
      asAdmin([db.messages], () => {
        const query = parseAdminQuery('messages', input)
        const { needle } = query
        return pageOf(
          db.messages,
          query.sort,
          query,
          needle
            ? (message) =>
                containsNeedle(
                  needle,
                  message.name,
                  message.email,
                  message.subject,
                  message.message,
                )
            : null,
        )
      }),

    errors: (input) =>
      asAdmin([db.errors], () => {
        const query = parseAdminQuery('errors', input)
        const { needle } = query
        return pageOf(
          db.errors,
          query.sort,
          query,
          needle ? (report) => containsNeedle(needle, report.message, report.route) : null,
        )
      }),

    async seedDemo(options) {
      await requireRole(db, ['admin'])
      // Loaded on demand: the generator and its word lists stay out of the main bundle.
      const { seedDemoData } = await import('../demo-seed')
      return seedDemoData(db, { ...options, now: clock() })
    },
  }
}
