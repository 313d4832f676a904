import { z } from '@/lib/zod'
import { PASSWORD_MAX } from './auth-schemas'
import { COMMISSION_STATES } from './commissions'
import { type Letter, type LetterVersion, ROLES } from './types'

/**
 * A person's own data, to take away (decision 035): what the server holds
 * for the signed-in account in server mode, what this device holds for it in
 * device-only mode, in one shape. Never a password hash, a session token or
 * an API key.
 */

export const ACCOUNT_EXPORT_FORMAT = 'letterhead-account-data'

/** `letterhead-data-2026-11-25.json`: the day it was made, in UTC. */
export const accountExportFileName = (at: Date) =>
  `letterhead-data-${at.toISOString().slice(0, 10)}.json`

export const DELETED_ACCOUNT_PREFIX = 'deleted-'

/**
 * The e-mail a deleted account's row keeps instead of the person's: unique by
 * its 32 random hex digits, and undeliverable, since no mail reaches the
 * `.invalid` domain (RFC 2606). The person's own address is free again.
 */
export const deletedAccountEmail = (randomHex: string) =>
  `${DELETED_ACCOUNT_PREFIX}${randomHex}@deleted.invalid`

export const isDeletedAccountEmail = (email: string) =>
  /^deleted-[0-9a-f]{32}@deleted\.invalid$/.test(email)

/** Deleting an account asks for its password again. */
export const deleteAccountSchema = z.object({
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
})
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>

const iso = z.iso.datetime({ offset: true })
const cents = z.number().int()

const exportedVersionSchema = z.object({
  id: z.string(),
  content: z.string(),
  reason: z.string(),
  createdAt: iso,
})

const exportedLetterSchema = z.object({
  id: z.string(),
  type: z.string(),
  senderName: z.string(),
  senderAddress: z.string(),
  recipientName: z.string(),
  recipientAddress: z.string(),
  matter: z.string(),
  resolution: z.string(),
  /** The guided questions' answers, when the letter has any. */
  details: z.json().nullable(),
  replyBy: z.string().nullable(),
  replyState: z.string().nullable(),
  content: z.string(),
  status: z.string(),
  generator: z.string(),
  error: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  previousVersions: z.array(exportedVersionSchema),
})

const exportedPurchaseSchema = z.object({
  id: z.string(),
  plan: z.string(),
  priceCents: cents,
  discountCents: cents,
  discountPercent: z.number().int(),
  couponCode: z.string().nullable(),
  letters: z.number().int(),
  expiresAt: iso.nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  refundedAt: iso.nullable(),
  createdAt: iso,
})

const creditEntrySchema = z.object({
  delta: z.number().int(),
  reason: z.string(),
  purchaseId: z.string().nullable(),
  letterId: z.string().nullable(),
  createdAt: iso,
})

const exportedCommissionSchema = z.object({
  id: z.string(),
  plan: z.string(),
  saleCents: cents,
  commissionCents: cents,
  state: z.enum(COMMISSION_STATES),
  createdAt: iso,
})

export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  formatVersion: z.literal(1),
  exportedAt: iso,
  /** Where it was read: the Letterhead server, or this device (device-only mode). */
  source: z.enum(['server', 'device']),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(ROLES),
    couponCode: z.string().nullable(),
    createdAt: iso,
    updatedAt: iso,
  }),
  settings: z.array(z.object({ key: z.string(), value: z.json().nullable() })),
  letters: z.array(exportedLetterSchema),
  purchases: z.array(exportedPurchaseSchema),
  /** Letters left to write, and (from the server) every grant and use that adds up to it. */
  credits: z.object({ lettersLeft: z.number().int(), entries: z.array(creditEntrySchema) }),
  /** Employees: their coupon's sales and commissions, without the customers' names. */
  referrals: z
    .object({
      totalReferrals: z.number().int(),
      totalEarningsCents: cents,
      commissions: z.array(exportedCommissionSchema),
    })
    .nullable(),
  /** Where the account is signed in (server mode), without any token. */
  sessions: z.array(
    z.object({ device: z.string(), createdAt: iso, lastSeenAt: iso, current: z.boolean() }),
  ),
  /** Sign-ins, sign-outs and password changes (server mode), with the address they came from. */
  activity: z.array(z.object({ action: z.string(), at: iso, ip: z.string().nullable() })),
})
export type AccountExport = z.infer<typeof accountExportSchema>

type ExportedLetter = AccountExport['letters'][number]

/** What a letter's export is made of: the device's rows and the server's synced rows both have it. */
export type LetterToExport = Pick<
  Letter,
  | 'id'
  | 'type'
  | 'senderName'
  | 'senderAddress'
  | 'recipientName'
  | 'recipientAddress'
  | 'matter'
  | 'resolution'
  | 'details'
  | 'replyBy'
  | 'replyState'
  | 'content'
  | 'status'
  | 'generator'
  | 'error'
  | 'createdAt'
  | 'updatedAt'
>
export type VersionToExport = Pick<
  LetterVersion,
  'id' | 'letterId' | 'content' | 'reason' | 'createdAt'
>

/** A letter as the export holds it, with its earlier texts, oldest first. */
export function exportedLetter(
  letter: LetterToExport,
  versions: readonly VersionToExport[],
): ExportedLetter {
  return {
    id: letter.id,
    type: letter.type,
    senderName: letter.senderName,
    senderAddress: letter.senderAddress,
    recipientName: letter.recipientName,
    recipientAddress: letter.recipientAddress,
    matter: letter.matter,
    resolution: letter.resolution,
    details: letter.details ?? null,
    replyBy: letter.replyBy ?? null,
    replyState: letter.replyState ?? null,
    content: letter.content,
    status: letter.status,
    generator: letter.generator,
    error: letter.error ?? null,
    createdAt: letter.createdAt,
    updatedAt: letter.updatedAt,
    previousVersions: versions
      .filter((version) => version.letterId === letter.id)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0))
      .map(({ id, content, reason, createdAt }) => ({ id, content, reason, createdAt })),
  }
}
