import {
  type Change,
  LETTER_DETAILS_SCHEMA_VERSION,
  type SyncedLetter,
  type SyncedSetting,
  type SyncedVersion,
} from '@/domain/sync'
import type { userSettings } from '../db/schema'
import type { LetterRow, VersionRow } from './letter-store'

export type SettingRow = typeof userSettings.$inferSelect

/** A change as a pull sends it, with the version that orders it among the three tables. */
export type VersionedChange = { version: number; change: Change }

/** Optional fields are left out rather than sent as null. */
export const present = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>

/**
 * Whether a pull of this sync schema carries letters' guided answers and
 * reply tracking (decision 030): an older device's strict parser refuses them.
 */
export const carriesDetails = (schemaVersion: number) =>
  schemaVersion >= LETTER_DETAILS_SCHEMA_VERSION

export function syncedLetter(row: LetterRow, schemaVersion: number): SyncedLetter {
  return {
    id: row.id,
    userId: row.ownerId,
    type: row.type,
    senderName: row.senderName,
    senderAddress: row.senderAddress,
    recipientName: row.recipientName,
    recipientAddress: row.recipientAddress,
    matter: row.matter,
    resolution: row.resolution,
    ...(carriesDetails(schemaVersion)
      ? {
          ...present('details', row.details),
          ...present('replyBy', row.replyBy),
          ...present('replyState', row.replyState),
        }
      : {}),
    content: row.content,
    status: row.status,
    generator: row.generator,
    ...present('error', row.error),
    ...present('subscriptionId', row.subscriptionId),
    ...present('editedElsewhereAt', row.editedElsewhereAt?.toISOString() ?? null),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function syncedVersion(row: VersionRow, schemaVersion: number): SyncedVersion {
  const { details, ...answers } = row.answers
  const withDetails = carriesDetails(schemaVersion)
  return {
    id: row.id,
    letterId: row.letterId,
    content: row.content,
    answers: withDetails && details !== undefined ? { ...answers, details } : answers,
    ...(withDetails ? present('replyBy', row.replyBy) : {}),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export function syncedSetting(row: SettingRow): SyncedSetting {
  return {
    key: row.key,
    value: row.value,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A letter as a pull of `schemaVersion` sends it. */
export const letterChange =
  (schemaVersion: number) =>
  (row: LetterRow): VersionedChange => ({
    version: row.version,
    change: row.deletedAt
      ? { table: 'letters', id: row.id, deleted: true }
      : { table: 'letters', id: row.id, row: syncedLetter(row, schemaVersion) },
  })

/** A previous version as a pull of `schemaVersion` sends it. */
export const versionChange =
  (schemaVersion: number) =>
  (row: VersionRow): VersionedChange => ({
    version: row.version,
    change: row.deletedAt
      ? { table: 'letterVersions', id: row.id, deleted: true }
      : { table: 'letterVersions', id: row.id, row: syncedVersion(row, schemaVersion) },
  })

export const settingChange = (row: SettingRow): VersionedChange => ({
  version: row.version,
  change: row.deletedAt
    ? { table: 'settings', id: row.key, deleted: true }
    : { table: 'settings', id: row.key, row: syncedSetting(row) },
})
