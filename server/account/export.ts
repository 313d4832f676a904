import { and, asc, eq, isNull } from 'drizzle-orm'
import { ACCOUNT_EXPORT_FORMAT, type AccountExport, exportedLetter } from '@/domain/account-data'
import { SYNC_SCHEMA_VERSION } from '@/domain/api'
import { entitlementsFrom } from '@/domain/credits'
import { listSessions, type UserRow } from '../auth/sessions'
import type { Db } from '../db/database'
import { creditLedger, refunds, subscriptions } from '../db/money-schema'
import { auditLog, letters, letterVersions, userSettings } from '../db/schema'
import { referralsOf } from '../money/referrals'
import { syncedLetter, syncedVersion } from '../sync/rows'

const iso = (date: Date) => date.toISOString()
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null)

/**
 * Everything the server holds for `user`, for them to take away: the account,
 * settings, letters with their previous versions, purchases, credits,
 * commissions (employees), sessions and activity. Never a password hash, a
 * session token or anyone else's name: it is read column by column.
 */
export async function exportAccount(
  db: Db,
  user: UserRow,
  currentSessionId: string,
  now: Date,
): Promise<AccountExport> {
  const [settings, letterList, purchases, ledger, sessions, activity] = await Promise.all([
    db
      .select({ key: userSettings.key, value: userSettings.value })
      .from(userSettings)
      .where(and(eq(userSettings.ownerId, user.id), isNull(userSettings.deletedAt)))
      .orderBy(asc(userSettings.key)),
    lettersOf(db, user.id),
    purchasesOf(db, user.id),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.ownerId, user.id))
      .orderBy(asc(creditLedger.createdAt), asc(creditLedger.id)),
    listSessions(db, user.id, currentSessionId, now),
    db
      .select({ action: auditLog.action, at: auditLog.at, ip: auditLog.ip })
      .from(auditLog)
      .where(eq(auditLog.userId, user.id))
      .orderBy(asc(auditLog.at), asc(auditLog.id)),
  ])
  const balances = new Map<string, number>()
  for (const entry of ledger) {
    if (entry.subscriptionId === null) continue
    balances.set(entry.subscriptionId, (balances.get(entry.subscriptionId) ?? 0) + entry.delta)
  }
  // The ledger is the truth (decision 025): what a purchase lacks of its letters was used, moved or withdrawn.
  const used = new Map(
    purchases.map((purchase) => [purchase.id, purchase.letters - (balances.get(purchase.id) ?? 0)]),
  )
  const { lettersLeft } = entitlementsFrom(purchases, used, now)
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    formatVersion: 1,
    exportedAt: iso(now),
    source: 'server',
    profile: {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      role: user.role,
      couponCode: user.couponCode,
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    settings: settings.map(({ key, value }) => ({ key, value: value ?? null })),
    letters: letterList,
    purchases,
    credits: {
      lettersLeft,
      entries: ledger.map((entry) => ({
        delta: entry.delta,
        reason: entry.reason,
        purchaseId: entry.subscriptionId,
        letterId: entry.letterId,
        createdAt: iso(entry.createdAt),
      })),
    },
    referrals: user.role === 'employee' ? await referralsExport(db, user.id, now) : null,
    sessions: sessions.map(({ device, createdAt, lastSeenAt, current }) => ({
      device,
      createdAt,
      lastSeenAt,
      current,
    })),
    activity: activity.map((entry) => ({ action: entry.action, at: iso(entry.at), ip: entry.ip })),
  }
}

async function lettersOf(db: Db, ownerId: string): Promise<AccountExport['letters']> {
  const [rows, versions] = await Promise.all([
    db
      .select()
      .from(letters)
      .where(and(eq(letters.ownerId, ownerId), isNull(letters.deletedAt)))
      .orderBy(asc(letters.createdAt), asc(letters.id)),
    db
      .select()
      .from(letterVersions)
      .where(and(eq(letterVersions.ownerId, ownerId), isNull(letterVersions.deletedAt))),
  ])
  // As the newest device would receive them, so the export is made as the device makes it.
  const texts = versions.map((version) => syncedVersion(version, SYNC_SCHEMA_VERSION))
  return rows.map((row) => exportedLetter(syncedLetter(row, SYNC_SCHEMA_VERSION), texts))
}

async function purchasesOf(db: Db, ownerId: string) {
  const rows = await db
    .select({
      id: subscriptions.id,
      plan: subscriptions.plan,
      priceCents: subscriptions.priceCents,
      discountCents: subscriptions.discountCents,
      discountPercent: subscriptions.discountPercent,
      couponCode: subscriptions.couponCode,
      letters: subscriptions.letters,
      expiresAt: subscriptions.expiresAt,
      cardBrand: subscriptions.cardBrand,
      cardLast4: subscriptions.cardLast4,
      refundedAt: refunds.createdAt,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .leftJoin(refunds, eq(refunds.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.ownerId, ownerId), isNull(subscriptions.deletedAt)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id))
  return rows.map((row) => ({
    ...row,
    expiresAt: isoOrNull(row.expiresAt),
    refundedAt: isoOrNull(row.refundedAt),
    createdAt: iso(row.createdAt),
  }))
}

async function referralsExport(
  db: Db,
  employeeId: string,
  now: Date,
): Promise<AccountExport['referrals']> {
  const { totalReferrals, totalEarningsCents, commissions } = await referralsOf(db, employeeId, now)
  return {
    totalReferrals,
    totalEarningsCents,
    commissions: commissions.map((line) => ({
      id: line.id,
      plan: line.plan,
      saleCents: line.saleCents,
      commissionCents: line.commissionCents,
      state: line.state,
      createdAt: iso(line.createdAt),
    })),
  }
}
