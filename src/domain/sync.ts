import { z } from '@/lib/zod'
import { COMMISSION_STATES } from './commissions'
import { calendarDay, letterDetailsSchema } from './letter-details'
import { letterInputSchema } from './letter-schema'
import { LETTER_TYPES } from './letter-types'
import { REPLY_STATES } from './reply-tracking'
import { LETTER_STATUSES } from './types'

/**
 * The sync protocol of DESIGN.md §7, shared by the device and the server:
 * the mutations a device records and the server replays, and the shapes of
 * push and pull. docs/decisions/021-sync-protocol.md says why it looks so.
 */

/** The oldest sync schema the server still accepts; older devices get `409 CLIENT_TOO_OLD`. */
export const MIN_SYNC_SCHEMA_VERSION = 1
/**
 * The first schema whose pulls carry purchases and commissions: a device
 * older than that does not know those tables, so its pulls leave them out.
 */
export const MONEY_ROWS_SCHEMA_VERSION = 2
/**
 * The first schema whose letters carry the guided questions' answers and the
 * reply tracking (decision 030): older devices' pulls leave those fields out.
 */
export const LETTER_DETAILS_SCHEMA_VERSION = 3

export const SYNC_PATHS = {
  push: '/api/sync/push',
  pull: '/api/sync/pull',
  events: '/api/sync/events',
} as const

export const PUSH_MAX_MUTATIONS = 1000
export const PULL_MAX_LIMIT = 1000

const id = z.uuid()
const iso = z.iso.datetime({ offset: true })
/** The server version of the row the device changed, 0 when it never had one. */
const baseVersion = z.number().int().nonnegative()

/** What a letter is created with; the text comes later, from `letters.complete`. */
export const newLetterSchema = z.strictObject({
  id,
  ...letterInputSchema.shape,
  generator: z.string().max(100),
  subscriptionId: z.string().max(100).optional(),
  replyBy: calendarDay('Reply by').optional(),
  createdAt: iso,
})

const answersSchema = z.strictObject({
  type: z.enum(LETTER_TYPES),
  senderName: z.string(),
  senderAddress: z.string(),
  recipientName: z.string(),
  recipientAddress: z.string(),
  matter: z.string(),
  resolution: z.string(),
  details: letterDetailsSchema.optional(),
})

export const syncedVersionSchema = z.strictObject({
  id,
  letterId: id,
  content: z.string(),
  answers: answersSchema,
  /** The reply-by day the text states (decision 030); a restore brings it back with the text. */
  replyBy: calendarDay('Reply by').optional(),
  reason: z.enum(['edited', 'regenerated', 'restored']),
  createdAt: iso,
  updatedAt: iso,
})
export type SyncedVersion = z.infer<typeof syncedVersionSchema>

/** A letter as the server sends it to its owner's devices. */
export const syncedLetterSchema = z.strictObject({
  id,
  userId: id,
  ...answersSchema.shape,
  content: z.string(),
  status: z.enum(LETTER_STATUSES),
  generator: z.string(),
  error: z.string().optional(),
  subscriptionId: z.string().optional(),
  replyBy: calendarDay('Reply by').optional(),
  replyState: z.enum(REPLY_STATES).optional(),
  /** When a push replaced text this device had not seen: the replaced text is a previous version. */
  editedElsewhereAt: iso.optional(),
  /** The server's version of this row, sent back as `baseVersion` by the next change to it. */
  version: z.number().int().positive(),
  createdAt: iso,
  updatedAt: iso,
})
export type SyncedLetter = z.infer<typeof syncedLetterSchema>

/** Settings that follow the account; the user's own AI key stays on the device it was typed on. */
export const SYNCED_SETTING_KEYS = ['theme', 'pdfPageSize', 'letterEngine'] as const
export type SyncedSettingKey = (typeof SYNCED_SETTING_KEYS)[number]

export const syncedSettingSchema = z.strictObject({
  key: z.enum(SYNCED_SETTING_KEYS),
  value: z.json(),
  version: z.number().int().positive(),
  updatedAt: iso,
})
export type SyncedSetting = z.infer<typeof syncedSettingSchema>

const cents = z.number().int()

/**
 * A purchase as its buyer's devices keep it (read-only there, decision 025).
 * `lettersWithdrawn`: letters taken from it other than by letters written on
 * it: withdrawn by a refund, or moved by a purchase that paid a debt (negative
 * on the purchase whose debt was paid).
 */
export const syncedSubscriptionSchema = z.strictObject({
  id,
  userId: id,
  plan: z.string(),
  priceCents: cents,
  discountCents: cents,
  discountPercent: z.number().int(),
  couponCode: z.string().optional(),
  letters: z.number().int().nonnegative(),
  lettersWithdrawn: z.number().int(),
  expiresAt: iso.nullable(),
  cardBrand: z.string().optional(),
  cardLast4: z.string().optional(),
  refundedAt: iso.optional(),
  version: z.number().int().positive(),
  createdAt: iso,
  updatedAt: iso,
})
export type SyncedSubscription = z.infer<typeof syncedSubscriptionSchema>

/** A commission as its employee's devices keep it: no customer's name or e-mail. */
export const syncedCommissionSchema = z.strictObject({
  id,
  employeeId: id,
  plan: z.string(),
  saleCents: cents,
  amountCents: cents,
  /** As last recorded; a pending one reads as approved once the refund window has passed. */
  state: z.enum(COMMISSION_STATES),
  version: z.number().int().positive(),
  createdAt: iso,
  updatedAt: iso,
})
export type SyncedCommission = z.infer<typeof syncedCommissionSchema>

/** Every mutation a device records, by name: the repository method it replays. */
export const mutationArgsSchemas = {
  'letters.create': z.strictObject({ letter: newLetterSchema }),
  'letters.complete': z.strictObject({ id, content: z.string(), generator: z.string().max(100) }),
  'letters.fail': z.strictObject({ id, reason: z.string() }),
  'letters.restart': z.strictObject({ id, subscriptionId: z.string().max(100).optional() }),
  'letters.editContent': z.strictObject({ id, content: z.string(), versionId: id, baseVersion }),
  'letters.replaceAnswers': z.strictObject({
    id,
    input: letterInputSchema,
    content: z.string(),
    generator: z.string().max(100),
    /** The reply-by day counted again from the new answers; absent for types that ask nothing back. */
    replyBy: calendarDay('Reply by').optional(),
    versionId: id,
    baseVersion,
  }),
  /** Where the reply to a letter stands; the last one recorded wins. */
  'letters.setReplyState': z.strictObject({ id, state: z.enum(REPLY_STATES) }),
  'letters.restoreVersion': z.strictObject({
    id,
    /** The previous version brought back. */
    restoredId: id,
    /** The new previous version that keeps the text it replaces. */
    versionId: id,
    baseVersion,
  }),
  /** A letter written before this device synced (or by a device-only account), with its versions. */
  'letters.upload': z.strictObject({
    letter: syncedLetterSchema.omit({ version: true, userId: true, editedElsewhereAt: true }),
    versions: z.array(syncedVersionSchema).max(500),
  }),
  'settings.set': z.strictObject({ key: z.enum(SYNCED_SETTING_KEYS), value: z.json() }),
  'settings.remove': z.strictObject({ key: z.enum(SYNCED_SETTING_KEYS) }),
} as const

export type MutationName = keyof typeof mutationArgsSchemas
export const MUTATION_NAMES = Object.keys(mutationArgsSchemas) as MutationName[]
export type MutationArgs<N extends MutationName> = z.infer<(typeof mutationArgsSchemas)[N]>

export function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(mutationArgsSchemas, name)
}

/**
 * A mutation as it travels. `args` is checked against its name's schema by
 * the server one mutation at a time, so one bad mutation is refused on its
 * own instead of failing the batch. Here it need only be there: a body is
 * parsed JSON, so it is JSON already (checking that again, z.json(), took ten
 * times the rest of a 1,000-mutation push's check).
 */
export const mutationSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().max(100),
  args: z.unknown(),
})
export type Mutation = z.infer<typeof mutationSchema>

export const pushRequestSchema = z.strictObject({
  clientId: id,
  schemaVersion: z.number().int(),
  mutations: z.array(mutationSchema).max(PUSH_MAX_MUTATIONS),
})
export type PushRequest = z.infer<typeof pushRequestSchema>

export const refusalSchema = z.strictObject({
  id: z.number().int().positive(),
  code: z.string(),
  message: z.string(),
})
export type Refusal = z.infer<typeof refusalSchema>

export const pushResponseSchema = z.strictObject({
  lastMutationId: z.number().int().nonnegative(),
  refused: z.array(refusalSchema),
})
export type PushResponse = z.infer<typeof pushResponseSchema>

export const pullRequestSchema = z.strictObject({
  clientId: id,
  cursor: z.number().int().nonnegative(),
  limit: z.number().int().min(1).max(PULL_MAX_LIMIT),
  schemaVersion: z.number().int().optional(),
})
export type PullRequest = z.infer<typeof pullRequestSchema>

export const SYNCED_TABLES = [
  'letters',
  'letterVersions',
  'settings',
  'subscriptions',
  'commissions',
] as const
export type SyncedTable = (typeof SYNCED_TABLES)[number]

export const changeSchema = z.union([
  z.strictObject({ table: z.literal('letters'), id: z.string(), row: syncedLetterSchema }),
  z.strictObject({ table: z.literal('letterVersions'), id: z.string(), row: syncedVersionSchema }),
  z.strictObject({ table: z.literal('settings'), id: z.string(), row: syncedSettingSchema }),
  z.strictObject({
    table: z.literal('subscriptions'),
    id: z.string(),
    row: syncedSubscriptionSchema,
  }),
  z.strictObject({ table: z.literal('commissions'), id: z.string(), row: syncedCommissionSchema }),
  z.strictObject({ table: z.enum(SYNCED_TABLES), id: z.string(), deleted: z.literal(true) }),
])
export type Change = z.infer<typeof changeSchema>

export const pullResponseSchema = z.strictObject({
  cursor: z.number().int().nonnegative(),
  lastMutationId: z.number().int().nonnegative(),
  changes: z.array(changeSchema),
  more: z.boolean(),
  /** Letters (rows and tombstones) still above the returned cursor: a new device's progress. */
  lettersRemaining: z.number().int().nonnegative(),
})
export type PullResponse = z.infer<typeof pullResponseSchema>
