import { LETTER_TYPES } from '@/domain/letter-schema'
import type { LetterFormValues } from './letter-form-values'

type Shape = string | boolean | null | readonly Shape[] | { readonly [key: string]: Shape }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `saved` laid over `base`: each value of the base's kind that the saved one
 * has is taken, anything else keeps the base's. Lists take the saved entries,
 * each shaped like the base's first; the base decides which keys exist.
 */
function overlay(base: Shape, saved: unknown): Shape {
  if (typeof base === 'string') return typeof saved === 'string' ? saved : base
  if (typeof base === 'boolean') return typeof saved === 'boolean' ? saved : base
  if (Array.isArray(base)) {
    const list = base as readonly Shape[]
    const first = list[0]
    if (!Array.isArray(saved) || first === undefined || saved.length === 0) return list
    return saved.map((item, index) => overlay(list[index] ?? first, item))
  }
  if (base === null) return null
  if (!isRecord(saved)) return base
  return Object.fromEntries(
    Object.entries(base).map(([key, value]) => [key, overlay(value, saved[key])]),
  )
}

/** A follow-up's citation, only when it is whole. */
function followUpOf(saved: unknown): LetterFormValues['details']['followUp'] {
  if (!isRecord(saved) || typeof saved.letterId !== 'string' || typeof saved.date !== 'string')
    return null
  const reference = typeof saved.reference === 'string' ? { reference: saved.reference } : {}
  return { letterId: saved.letterId, date: saved.date, ...reference }
}

/**
 * The Generate form's values from a saved draft, on top of `base` (the form
 * as it would start): a draft an older or damaged copy of the app wrote gives
 * what it can and no more. Null when there is nothing to restore.
 */
export function letterFormFromDraft(
  saved: unknown,
  base: LetterFormValues,
): LetterFormValues | null {
  if (!isRecord(saved)) return null
  const values = overlay(base, saved) as unknown as LetterFormValues
  const type = (LETTER_TYPES as readonly unknown[]).includes(saved.type) ? values.type : base.type
  const details = isRecord(saved.details) ? saved.details : {}
  return { ...values, type, details: { ...values.details, followUp: followUpOf(details.followUp) } }
}
