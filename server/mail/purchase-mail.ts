import { and, eq, sql } from 'drizzle-orm'
import { COMMISSION_PERCENT, REFUND_WINDOW_DAYS } from '@/domain/money'
import { requirePlan } from '@/domain/plans'
import { newId } from '@/domain/ids'
import type { Db } from '../db/database'
import { type PurchaseMailKind, purchaseMail } from '../db/mail-schema'
import { commissions, subscriptions } from '../db/money-schema'
import { users } from '../db/schema'
import { commissionMail, receiptMail } from './compose'
import { failureOf, type Mail, type Mailer, type MailLog } from './mail'

/** Tries of one mail before it is given up (the waits between them double from a minute). */
export const MAX_ATTEMPTS = 8
/** Mails claimed by one round of sending. */
const BATCH = 20

type Owed = { id: string; ownerId: string; employeeId: string | null }

/**
 * Records, in the purchase's own transaction, the mails it owes: the buyer's
 * receipt, and the employee's notice when their coupon earned a commission.
 * One of each kind a purchase (a unique index), so nothing can owe it twice.
 */
export async function owePurchaseMail(tx: Db, purchase: Owed, now: Date): Promise<void> {
  const owed: Array<{ kind: PurchaseMailKind; recipientId: string }> = [
    { kind: 'receipt', recipientId: purchase.ownerId },
  ]
  if (purchase.employeeId) owed.push({ kind: 'commission', recipientId: purchase.employeeId })
  await tx
    .insert(purchaseMail)
    .values(
      owed.map((mail) => ({ id: newId(), ...mail, subscriptionId: purchase.id, createdAt: now })),
    )
    .onConflictDoNothing()
}

export type PurchaseMailDeps = { db: Db; clock: () => Date; mailer: Mailer; log: MailLog }

type Claimed = typeof purchaseMail.$inferSelect

/**
 * Takes the mails due now: never sent, not given up, and either never tried
 * or tried long enough ago (a minute after the first try, doubling). Raising
 * `attempts` and stamping the try is the claim: a second sender, in this
 * process or another, finds them not due and leaves them alone.
 */
async function claimDue(db: Db, now: Date): Promise<Claimed[]> {
  const due = sql`select ${purchaseMail.id} from ${purchaseMail}
    where ${purchaseMail.sentAt} is null and ${purchaseMail.attempts} < ${MAX_ATTEMPTS}
      and (${purchaseMail.lastAttemptAt} is null
        or ${purchaseMail.lastAttemptAt} <= ${now}::timestamptz
          - make_interval(secs => 60 * power(2, ${purchaseMail.attempts} - 1)))
    order by ${purchaseMail.createdAt}
    limit ${BATCH}
    for update skip locked`
  return db
    .update(purchaseMail)
    .set({ attempts: sql`${purchaseMail.attempts} + 1`, lastAttemptAt: now })
    .where(sql`${purchaseMail.id} in (${due})`)
    .returning()
}

/** The mail a claimed row stands for, made from the purchase as it is now; null when it is gone. */
async function compose(db: Db, row: Claimed): Promise<Mail | null> {
  const [found] = await db
    .select({ subscription: subscriptions, recipient: users })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, row.recipientId))
    .where(eq(subscriptions.id, row.subscriptionId))
  if (!found) return null
  const { subscription, recipient } = found
  const plan = requirePlan(subscription.plan)
  if (row.kind === 'receipt') {
    return receiptMail({
      to: recipient.email,
      fullName: recipient.fullName,
      planName: plan.name,
      letters: subscription.letters,
      listCents: subscription.listCents,
      discountCents: subscription.discountCents,
      discountPercent: subscription.discountPercent,
      priceCents: subscription.priceCents,
      couponCode: subscription.couponCode,
      cardBrand: subscription.cardBrand,
      cardLast4: subscription.cardLast4,
      expiresAt: subscription.expiresAt,
      purchasedAt: subscription.createdAt,
      receiptNumber: subscription.id,
    })
  }
  const [commission] = await db
    .select()
    .from(commissions)
    .where(
      and(
        eq(commissions.subscriptionId, subscription.id),
        eq(commissions.employeeId, row.recipientId),
      ),
    )
  if (!commission) return null
  return commissionMail({
    to: recipient.email,
    fullName: recipient.fullName,
    couponCode: subscription.couponCode ?? '',
    planName: plan.name,
    saleCents: commission.saleCents,
    commissionCents: commission.commissionCents,
    commissionPercent: COMMISSION_PERCENT,
    refundWindowDays: REFUND_WINDOW_DAYS,
    soldAt: commission.createdAt,
  })
}

async function settle(db: Db, id: string, outcome: Partial<Claimed>) {
  await db.update(purchaseMail).set(outcome).where(eq(purchaseMail.id, id))
}

/** Sends one claimed mail and records how it went; a failure stays due for a later try. */
async function deliver(deps: PurchaseMailDeps, row: Claimed): Promise<void> {
  const { db, clock, mailer, log } = deps
  const seen = { purchaseMail: row.id, kind: row.kind, attempt: row.attempts }
  try {
    const mail = await compose(db, row)
    if (!mail) {
      await settle(db, row.id, { attempts: MAX_ATTEMPTS, lastError: 'purchase or recipient gone' })
      return
    }
    if (!(await mailer.send(mail))) {
      // Production without SMTP_URL: said at start-up; this mail will never have a way out.
      await settle(db, row.id, { attempts: MAX_ATTEMPTS, lastError: 'not sent: no SMTP_URL' })
      log.info(seen, 'purchase mail not sent: SMTP_URL is not set')
      return
    }
    await settle(db, row.id, { sentAt: clock(), lastError: null })
    log.info(seen, 'purchase mail sent')
  } catch (error) {
    const failure = failureOf(error)
    await settle(db, row.id, { lastError: failure }).catch(() => undefined)
    const last = row.attempts >= MAX_ATTEMPTS
    log[last ? 'error' : 'warn'](
      { ...seen, failure },
      last ? 'purchase mail given up' : 'purchase mail not sent yet',
    )
  }
}

/** Sends every purchase mail that is due, one batch after another; answers how many were tried. */
export async function sendDuePurchaseMail(deps: PurchaseMailDeps): Promise<number> {
  let tried = 0
  for (;;) {
    const claimed = await claimDue(deps.db, deps.clock())
    for (const row of claimed) await deliver(deps, row)
    tried += claimed.length
    if (claimed.length < BATCH) return tried
  }
}
