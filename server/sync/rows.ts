import type { Change, SyncedLetter, SyncedSetting, SyncedVersion } from '@/domain/sync'
import type { userSettings } from '../db/schema'
import type { LetterRow, VersionRow } from './letter-store'

export type SettingRow = typeof userSettings.$inferSelect

/** A change as a pull sends it, with the version that orders it among the three tables. */
export type VersionedChange = { version: number; change: Change }

/** Optional fields are left out rather than sent as null. */
export const present = <K extends string, V>(key: K, value: V | null) =>
  (value === null ? {} : { [key]: value }) as Partial<Record<K, V>>

export function syncedLetter(row: LetterRow): SyncedLetter {
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

export function syncedVersion(row: VersionRow): SyncedVersion {
  return {
    id: row.id,
    letterId: row.letterId,
    content: row.content,
    answers: row.answers,
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

export const letterChange = (row: LetterRow): VersionedChange => ({
  version: row.version,
  change: row.deletedAt
    ? { table: 'letters', id: row.id, deleted: true }
    : { table: 'letters', id: row.id, row: syncedLetter(row) },
})

export const versionChange = (row: VersionRow): VersionedChange => ({
  version: row.version,
  change: row.deletedAt
    ? { table: 'letterVersions', id: row.id, deleted: true }
    : { table: 'letterVersions', id: row.id, row: syncedVersion(row) },
})

export const settingChange = (row: SettingRow): VersionedChange => ({
  version: row.version,
  change: row.deletedAt
    ? { table: 'settings', id: row.key, deleted: true }
    : { table: 'settings', id: row.key, row: syncedSetting(row) },
})
