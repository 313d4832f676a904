import {
  ACCOUNT_EXPORT_FORMAT,
  type AccountExport,
  deleteAccountSchema,
  type DeleteAccountInput,
  deletedAccountEmail,
  exportedLetter,
} from '@/domain/account-data'
import { AppError } from '@/domain/errors'
import { verifyPassword } from '@/domain/password-hash'
import { letterheadSettingKey } from '@/domain/settings'
import { ROLES, type User } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import { syncedSetting } from '../sync/synced-settings'
import { type RepositoryContext, readTransaction, requireRole, SESSION_KEY } from './context'
import { releaseAccountDrafts } from './draft-hold'
import { entitlementsOf, purchasesOf } from './credits'
import { createReferralsRepository } from './referrals'

/**
 * Download My Data and Delete Account for an account that lives on this
 * device (device-only mode, decision 035): the same file the server gives,
 * read from this device, and the same rule for what a deletion keeps.
 */

const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')

/** The account's settings: those that follow it, without this device's AI key, and its letterhead. */
function accountSettings(settings: { key: string; value: unknown }[], userId: string) {
  return settings.flatMap(({ key, value }) => {
    if (key === letterheadSettingKey(userId))
      return [{ key, value: value as AccountExport['settings'][number]['value'] }]
    const shared = syncedSetting(key, value)
    return shared ? [{ key: shared.key, value: shared.value }] : []
  })
}

export async function exportDeviceAccount(context: RepositoryContext): Promise<AccountExport> {
  const { db, clock } = context
  const user = await requireRole(db, ROLES)
  const commissions =
    user.role === 'employee' ? await createReferralsRepository(context).myCommissions() : []
  return readTransaction(
    db,
    [db.session, db.users, db.letters, db.letterVersions, db.settings, db.subscriptions],
    async () => {
      const signedIn = await requireRole(db, ROLES)
      if (signedIn.id !== user.id) throw new AppError('NOT_SIGNED_IN')
      const letters = await db.letters.where('userId').equals(user.id).sortBy('createdAt')
      const versions = await db.letterVersions
        .where('letterId')
        .anyOf(letters.map((letter) => letter.id))
        .toArray()
      const purchases = await purchasesOf(db, user.id)
      const now = clock()
      return {
        format: ACCOUNT_EXPORT_FORMAT,
        formatVersion: 1,
        exportedAt: now.toISOString(),
        source: 'device',
        profile: {
          id: user.id,
          email: user.email,
          fullName: user.fullName,
          role: user.role,
          couponCode: user.couponCode ?? null,
          createdAt: user.createdAt,
          updatedAt: user.updatedAt,
        },
        settings: accountSettings(await db.settings.toArray(), user.id),
        letters: letters.map((letter) => exportedLetter(letter, versions)),
        purchases: purchases.map((purchase) => ({
          id: purchase.id,
          plan: purchase.plan,
          priceCents: purchase.priceCents,
          discountCents: purchase.discountCents,
          discountPercent: purchase.discountPercent,
          couponCode: purchase.couponCode ?? null,
          letters: purchase.letters,
          expiresAt: purchase.expiresAt,
          cardBrand: purchase.cardBrand ?? null,
          cardLast4: purchase.cardLast4 ?? null,
          refundedAt: purchase.refundedAt ?? null,
          createdAt: purchase.createdAt,
        })),
        // This device counts each purchase's letters used; it keeps no ledger of them.
        credits: { lettersLeft: entitlementsOf(purchases, now).lettersLeft, entries: [] },
        referrals:
          user.role === 'employee'
            ? {
                totalReferrals: user.referrals ?? commissions.length,
                totalEarningsCents: user.earningsCents ?? 0,
                commissions: commissions.map((line) => ({
                  id: line.id,
                  plan: line.plan,
                  saleCents: line.saleCents,
                  commissionCents: line.amountCents,
                  state: line.state,
                  createdAt: line.createdAt,
                })),
              }
            : null,
        // An account on this device only is signed in here alone, and keeps no record of it.
        sessions: [],
        activity: [],
      }
    },
  )
}

/**
 * Deletes the signed-in account from this device once its password is
 * checked: its letters with their versions, drafts, letterhead, password and
 * session go; its purchases and commissions stay for this device's books,
 * tied to its row, which keeps no name and an undeliverable e-mail. The last
 * admin who can sign in here is refused. Settings that are the device's
 * (theme, letter engine, page size) stay with the device.
 */
export async function deleteDeviceAccount(
  { db, clock }: RepositoryContext,
  input: DeleteAccountInput,
): Promise<void> {
  const { password } = parseOrThrow(deleteAccountSchema, input)
  const user = await requireRole(db, ROLES)
  const stored = await db.credentials.get(user.id)
  // An account mirrored from a server has no password here: the server deletes those.
  if (!stored || !(await verifyPassword(password, stored))) {
    throw new AppError('WRONG_CURRENT_PASSWORD')
  }
  const tables = [
    db.session,
    db.users,
    db.credentials,
    db.letters,
    db.letterVersions,
    db.drafts,
    db.settings,
    db.signInThrottle,
  ]
  await db.transaction('rw', tables, async () => {
    const session = await db.session.get(SESSION_KEY)
    if (session?.userId !== user.id) throw new AppError('NOT_SIGNED_IN')
    if (user.role === 'admin') await refuseLastAdmin(db, user.id)
    const letterIds = await db.letters.where('userId').equals(user.id).primaryKeys()
    await db.letterVersions.where('letterId').anyOf(letterIds).delete()
    await db.letters.bulkDelete(letterIds)
    await db.drafts.where('userId').equals(user.id).delete()
    await db.settings.delete(letterheadSettingKey(user.id))
    await db.credentials.delete(user.id)
    await db.signInThrottle.delete(user.email)
    await db.session.delete(SESSION_KEY)
    await db.users.put(tombstone(user, clock()))
  })
  releaseAccountDrafts(user.id)
}

function tombstone(user: User, now: Date): User {
  const { couponCode: _code, ...rest } = user
  return {
    ...rest,
    email: deletedAccountEmail(randomHex()),
    fullName: '',
    ...(user.letterCount === undefined ? {} : { letterCount: 0 }),
    updatedAt: now.toISOString(),
  }
}

async function refuseLastAdmin(db: RepositoryContext['db'], userId: string) {
  const others = await db.users
    .where('role')
    .equals('admin')
    .filter((admin) => admin.id !== userId)
    .primaryKeys()
  const withPassword = await db.credentials.bulkGet(others)
  if (!withPassword.some((credential) => credential !== undefined)) {
    throw new AppError('LAST_ADMIN')
  }
}
