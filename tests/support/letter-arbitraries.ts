import fc from 'fast-check'
import {
  ADDRESS_MAX,
  LETTER_TYPES,
  type LetterType,
  MATTER_MAX,
  NAME_MAX,
  RESOLUTION_MAX,
} from '@/domain/letter-schema'
import { hasVisibleText } from '@/domain/required-text'
import { TYPED_FIELDS } from '@/features/letters/generator/letter-generator'

/** Each answer of the letter form and its limit, in code points as the schema counts them. */
export const FIELD_LIMITS = {
  senderName: NAME_MAX,
  senderAddress: ADDRESS_MAX,
  recipientName: NAME_MAX,
  recipientAddress: ADDRESS_MAX,
  matter: MATTER_MAX,
  resolution: RESOLUTION_MAX,
} as const

export type LetterField = keyof typeof FIELD_LIMITS
export type LetterAnswers = { type: LetterType } & Record<LetterField, string>

/** The typed answers, in the order the form asks for them. */
export const LETTER_FIELDS: readonly LetterField[] = TYPED_FIELDS

/** Characters that have broken text pipelines before: controls, noncharacters, joiners, marks, template syntax. */
export const AWKWARD_CHARACTERS = [
  '{',
  '}',
  '$',
  '\\',
  '<',
  '&',
  '"',
  "'",
  '\t',
  '\n',
  '\r\n',
  '\r',
  '\u0000',
  '\u0007',
  '\u000b',
  '\u000c',
  '\u0085',
  '\u00a0',
  '\u00ad',
  '\u200b',
  '\u200d',
  '\u2028',
  '\u202e',
  '\u0301',
  '\ufeff',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\u{1f600}',
  '\u{1f469}\u200d\u{1f469}\u200d\u{1f467}',
  '\u{10ffff}',
]

/** Any well-formed Unicode: single code points, whole grapheme clusters and the awkward ones above. */
export const anyUnicodeUnit = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  fc.constantFrom(...AWKWARD_CHARACTERS),
)

const padding = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0'), maxLength: 3 })

/**
 * What a person might type into a field of at most `max` characters, built from
 * `unit`: usually short, sometimes up to the limit, with whitespace around it
 * that the schema trims. Its trimmed text is never empty and never over the limit.
 */
export function typedField(max: number, unit: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const core = fc.oneof(
    { weight: 5, arbitrary: fc.string({ unit, minLength: 1, maxLength: Math.min(max, 30) }) },
    { weight: 1, arbitrary: fc.string({ unit, minLength: 1, maxLength: max, size: 'max' }) },
  )
  return fc
    .tuple(padding, core, padding)
    .map(([before, text, after]) => {
      // A unit may be several code points; cut back to the limit the schema counts.
      const inside = [...text.trim()].slice(0, max).join('')
      return before + inside + after
    })
    .filter((typed) => hasVisibleText(typed.trim()))
}

/** A whole set of answers the letter schema accepts, each field built from `unit`. */
export function letterAnswers(unit: fc.Arbitrary<string>): fc.Arbitrary<LetterAnswers> {
  return fc.record({
    type: fc.constantFrom(...LETTER_TYPES),
    senderName: typedField(NAME_MAX, unit),
    senderAddress: typedField(ADDRESS_MAX, unit),
    recipientName: typedField(NAME_MAX, unit),
    recipientAddress: typedField(ADDRESS_MAX, unit),
    matter: typedField(MATTER_MAX, unit),
    resolution: typedField(RESOLUTION_MAX, unit),
  })
}

export const letterDate = fc.date({
  min: new Date(1900, 0, 1),
  max: new Date(2200, 0, 1),
  noInvalidDate: true,
})
