import { z } from '@/lib/zod'

export const BACKUP_FORMAT = 'letterhead-backup'
export const BACKUP_FORMAT_VERSION = 1

/** Every table a backup carries. The session stays with the device, not the file. */
export const BACKUP_TABLES = [
  'users',
  'credentials',
  'letters',
  'letterVersions',
  'subscriptions',
  'commissions',
  'messages',
  'errors',
  'settings',
  'signInThrottle',
] as const
export type BackupTable = (typeof BACKUP_TABLES)[number]

/** The key each table's rows must carry. */
export const BACKUP_PRIMARY_KEYS: Record<BackupTable, string> = {
  users: 'id',
  credentials: 'userId',
  letters: 'id',
  letterVersions: 'id',
  subscriptions: 'id',
  commissions: 'id',
  messages: 'id',
  errors: 'id',
  settings: 'key',
  signInThrottle: 'email',
}

const row = z.record(z.string(), z.unknown())

export const backupFileSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  schemaVersion: z.number().int().min(1),
  exportedAt: z.string(),
  tables: z.object(
    Object.fromEntries(BACKUP_TABLES.map((table) => [table, z.array(row).default([])])) as Record<
      BackupTable,
      z.ZodDefault<z.ZodArray<typeof row>>
    >,
  ),
})

export type BackupFile = z.output<typeof backupFileSchema>

export const BACKUP_ERRORS = {
  notJson: 'This file is not a Letterhead backup: it could not be read as JSON.',
  notBackup: 'This file is not a Letterhead backup.',
  newer:
    'This backup was made by a newer version of Letterhead. Update the app, then import it again.',
  corrupt: 'This backup is damaged and cannot be imported. Nothing was changed.',
} as const
