/** A UTF-16 surrogate without its other half: no text encoding can hold it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

const wellFormedText = (text: string) => text.replace(LONE_SURROGATE, '\ufffd')

/**
 * Parsed JSON with every lone surrogate in its strings (keys too) made U+FFFD, as the PostgreSQL
 * driver makes it in a text column. A jsonb column refuses the escape JSON.stringify writes for
 * one, and the embedded PGlite refuses some in a text column, so text is made well formed once,
 * as a request's body is parsed (json-body.ts), and every column keeps the same text.
 */
export function wellFormedJson(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedText(value)
  if (Array.isArray(value)) return value.map(wellFormedJson)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [wellFormedText(key), wellFormedJson(field)]),
  )
}
