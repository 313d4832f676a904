import type { SyncedSetting } from '@/domain/sync'

type Json = SyncedSetting['value']

/** A UTF-16 surrogate without its other half: no text encoding can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const wellFormedText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd')

/**
 * `value` with every lone surrogate in its strings (keys too) made U+FFFD.
 * A text column gets that from the driver's UTF-8 encoding; a jsonb column
 * refuses the escaped surrogate JSON.stringify writes instead, so JSON is made
 * well formed here, and both kinds of column keep the same text.
 */
export function wellFormedJson<T extends Json>(value: T): T
export function wellFormedJson(value: Json): Json {
  if (typeof value === 'string') return wellFormedText(value)
  if (Array.isArray(value)) return value.map(wellFormedJson)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [wellFormedText(key), wellFormedJson(field)]),
  )
}
