import {
  type MutationArgs,
  mutationArgsSchemas,
  SYNCED_SETTING_KEYS,
  type SyncedSettingKey,
} from '@/domain/sync'

const isSyncedKey = (key: string): key is SyncedSettingKey =>
  (SYNCED_SETTING_KEYS as readonly string[]).includes(key)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * What of a setting follows the account, or null for one that stays here:
 * the person's own AI key never leaves this device.
 */
export function syncedSetting(key: string, value: unknown): MutationArgs<'settings.set'> | null {
  if (!isSyncedKey(key) || value === undefined) return null
  let shared = value
  if (key === 'letterEngine' && isRecord(value)) {
    const { apiKey: _kept, ...rest } = value
    shared = rest
  }
  const parsed = mutationArgsSchemas['settings.set'].safeParse({ key, value: shared })
  return parsed.success ? parsed.data : null
}

/** A setting pulled from the account, with this device's own AI key put back where it applies. */
export function withDeviceSecrets(key: string, pulled: unknown, local: unknown): unknown {
  if (key !== 'letterEngine' || !isRecord(pulled)) return pulled
  if (pulled.kind !== 'openai-compatible') return pulled
  const apiKey = isRecord(local) && typeof local.apiKey === 'string' ? local.apiKey : ''
  return { ...pulled, apiKey }
}
