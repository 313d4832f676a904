import type { MutationArgs, SyncedSetting, SyncedSettingKey } from '@/domain/sync'
import type { Db } from '../db/database'
import { userSettings } from '../db/schema'
import { type MutationContext, nextVersion } from './letter-store'
import { MutationRefused } from './refusal'

/** Far more than any setting needs; a setting is not a place to store files. */
export const SETTING_VALUE_MAX = 16 * 1024

type Value = SyncedSetting['value']

/** The person's own AI key stays on the device it was typed on, even if a device sends it. */
function withoutApiKey(value: Value): Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  if (!Object.hasOwn(value, 'apiKey')) return value
  const { apiKey: _dropped, ...rest } = value
  return rest
}

/** Last write wins per key; a removal is a tombstone with a version of its own. */
async function write(
  tx: Db,
  { userId, now }: MutationContext,
  key: SyncedSettingKey,
  value: Value,
  deletedAt: Date | null,
) {
  const row = { value, deletedAt, version: nextVersion(), updatedAt: now }
  await tx
    .insert(userSettings)
    .values({ ownerId: userId, key, ...row })
    .onConflictDoUpdate({ target: [userSettings.ownerId, userSettings.key], set: row })
}

export async function setSetting(
  tx: Db,
  context: MutationContext,
  { key, value }: MutationArgs<'settings.set'>,
): Promise<boolean> {
  const stored = key === 'letterEngine' ? withoutApiKey(value) : value
  if (JSON.stringify(stored).length > SETTING_VALUE_MAX) {
    throw new MutationRefused('INVALID_INPUT', 'A setting may be at most 16 KB.')
  }
  await write(tx, context, key, stored, null)
  return true
}

export async function removeSetting(
  tx: Db,
  context: MutationContext,
  { key }: MutationArgs<'settings.remove'>,
): Promise<boolean> {
  await write(tx, context, key, null, context.now)
  return true
}
