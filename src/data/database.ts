import { Dexie, type EntityTable, type Table, type Transaction } from 'dexie'
import { DATABASE_NAME } from './database-names'
import type { DraftForm } from '@/domain/drafts'
import type { ThrottleRecord } from '@/domain/sign-in-throttle'
import { recountLetters, recountLettersUsed, tally } from './letter-tallies'
import type {
  Commission,
  ContactMessage,
  Credential,
  ErrorReport,
  Letter,
  LetterVersion,
  Session,
  Subscription,
  User,
} from '@/domain/types'
import type { InboxEntry } from './inbox-types'
import type { OutboxEntry, SyncState } from './sync-types'

export type Setting = {
  key: string
  value: unknown
  /** Server mode: the server's version of a setting that follows the account, as last pulled. */
  version?: number
}

/** A form's unsent answers for one account on this device (docs/decisions/037-form-drafts.md). */
export type FormDraft = {
  userId: string
  form: DraftForm
  values: unknown
  savedAt: string
}

export { DATABASE_NAME } from './database-names'

/** Version 1 of the schema (docs/decisions/002-indexeddb-schema.md). */
export const SCHEMA_V1 = {
  users: 'id, &email, role, &couponCode, createdAt',
  credentials: 'userId',
  session: 'id',
  letters: 'id, userId, [userId+createdAt], status, createdAt',
  subscriptions: 'id, userId, employeeId, createdAt',
  commissions: 'id, employeeId, &subscriptionId, createdAt',
  messages: 'id, createdAt',
  errors: 'id, createdAt',
  settings: 'key',
  signInThrottle: 'email',
} as const

/**
 * Version 2: previous versions of a letter's text; which subscription a
 * letter's credit came from; one subscription per checkout attempt; and an
 * index for every column the admin tables sort by, so a page is read by
 * walking an index rather than sorting the table (`[role+…]` keeps users and
 * employees apart in that walk).
 */
export const SCHEMA_V2 = {
  ...SCHEMA_V1,
  users:
    'id, &email, role, &couponCode, createdAt, [role+createdAt], [role+fullName], [role+email], [role+referrals], [role+earningsCents]',
  letters:
    'id, userId, [userId+createdAt], status, createdAt, subscriptionId, type, matter, recipientName',
  subscriptions: 'id, userId, employeeId, createdAt, &idempotencyKey, plan, priceCents',
  messages: 'id, createdAt, email, subject',
  errors: 'id, createdAt, route',
  letterVersions: 'id, letterId, [letterId+createdAt]',
} as const

/**
 * Version 3 changes no index. Its upgrade stores two tallies the rows used to
 * be counted for on every call: each user's `letterCount` and each purchase's
 * `lettersUsed` (docs/decisions/012-stored-tallies.md).
 */
export const SCHEMA_V3 = SCHEMA_V2

/**
 * Version 4: server mode's sync (docs/decisions/021-sync-protocol.md). The
 * `outbox` holds each client's mutations in order until the server has them;
 * `syncState` keeps, per account on this device, its client id, its cursor
 * and the next mutation id. Device-only mode leaves both empty.
 */
export const SCHEMA_V4 = {
  ...SCHEMA_V3,
  outbox: '[clientId+id], clientId',
  syncState: 'userId',
} as const

/**
 * Version 5: server mode's `inboxQueue`, the contact messages and error
 * reports the server has not acknowledged yet, oldest first
 * (docs/decisions/028-inbox-queue.md). Device-only mode leaves it empty.
 */
export const SCHEMA_V5 = {
  ...SCHEMA_V4,
  inboxQueue: '++seq',
} as const

/**
 * Version 6: letters are indexed by their reply-by day (decision 030), so the
 * letters whose reply is due soon are found without reading every letter. A
 * new index only: every row is kept as it is; letters written before it have
 * no reply-by day and are simply not in the index.
 */
export const SCHEMA_V6 = {
  ...SCHEMA_V5,
  letters: `${SCHEMA_V5.letters}, replyBy`,
} as const

/**
 * Version 7: `drafts`, what a person has typed in a form and not sent yet,
 * one row per account and form (docs/decisions/037-form-drafts.md). They stay
 * on this device: they neither sync nor go into a backup.
 */
export const SCHEMA_V7 = {
  ...SCHEMA_V6,
  drafts: '[userId+form], userId',
} as const

export const SCHEMA_VERSION = 7

export type LetterheadDatabase = Dexie & {
  users: EntityTable<User, 'id'>
  credentials: EntityTable<Credential, 'userId'>
  session: EntityTable<Session, 'id'>
  letters: EntityTable<Letter, 'id'>
  subscriptions: EntityTable<Subscription, 'id'>
  commissions: EntityTable<Commission, 'id'>
  messages: EntityTable<ContactMessage, 'id'>
  errors: EntityTable<ErrorReport, 'id'>
  settings: EntityTable<Setting, 'key'>
  signInThrottle: EntityTable<ThrottleRecord, 'email'>
  letterVersions: EntityTable<LetterVersion, 'id'>
  outbox: Table<OutboxEntry, [string, number]>
  syncState: EntityTable<SyncState, 'userId'>
  inboxQueue: EntityTable<InboxEntry, 'seq'>
  drafts: Table<FormDraft, [string, DraftForm]>
}

export type DatabaseEvents = {
  /** Another tab opened a newer Letterhead: this connection has closed and the tab must reload. */
  onVersionChange?: () => void
  /** An older Letterhead in another tab is holding the database open, so it cannot be upgraded. */
  onBlocked?: () => void
}

/** Version 1 subscriptions become their own checkout attempt. */
export function backfillIdempotencyKey(subscription: Subscription): void {
  subscription.idempotencyKey ??= subscription.id
}

/** Counts the letters through their indexes, without reading the letters themselves. */
async function storeLetterTallies(tx: Transaction): Promise<void> {
  const letters = tx.table<Letter, string>('letters')
  const [owners, purchases] = await Promise.all([
    letters.orderBy('userId').keys(),
    letters.orderBy('subscriptionId').keys(),
  ])
  const byUser = tally(owners)
  const bySubscription = tally(purchases)
  await Promise.all([
    tx
      .table<User, string>('users')
      .toCollection()
      .modify((user) => recountLetters(user, byUser)),
    tx
      .table<Subscription, string>('subscriptions')
      .toCollection()
      .modify((subscription) => recountLettersUsed(subscription, bySubscription)),
  ])
}

export function openDatabase(
  name: string = DATABASE_NAME,
  events: DatabaseEvents = {},
): LetterheadDatabase {
  const db = new Dexie(name) as LetterheadDatabase
  db.version(1).stores(SCHEMA_V1)
  db.version(2)
    .stores(SCHEMA_V2)
    .upgrade(async (tx) => {
      await tx
        .table<Subscription, string>('subscriptions')
        .toCollection()
        .modify(backfillIdempotencyKey)
    })
  db.version(3).stores(SCHEMA_V3).upgrade(storeLetterTallies)
  db.version(4).stores(SCHEMA_V4)
  db.version(5).stores(SCHEMA_V5)
  db.version(6).stores(SCHEMA_V6)
  db.version(7).stores(SCHEMA_V7)
  db.on('versionchange', () => {
    db.close()
    events.onVersionChange?.()
    // Returning false tells Dexie we handled it ourselves.
    return false
  })
  db.on('blocked', () => events.onBlocked?.())
  return db
}
