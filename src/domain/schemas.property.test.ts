import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { codePoints, SCHEMAS, type Schema } from '../../tests/support/schema-rules'
import { FULL_NAME_MAX, fullNameSchema } from './auth-schemas'
import { BACKUP_FORMAT, BACKUP_TABLES } from './backup-schema'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactMessageSchema,
} from './contact-schema'
import { AppError } from './errors'
import {
  ADDRESS_MAX,
  LETTER_TYPES,
  letterInputSchema,
  MATTER_MAX,
  NAME_MAX,
  RESOLUTION_MAX,
} from './letter-schema'
import { hasVisibleText } from './required-text'
import { parseOrThrow } from './validate'

const anyValue = fc.anything({
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
  stringUnit: 'binary',
})

const anyText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'grapheme-ascii', minLength: 100, maxLength: 6_000, size: 'max' }),
  fc.constantFrom(
    '',
    ' ',
    '\u00a0',
    '\n\t',
    '\u200b',
    '\ufeff',
    'null',
    'undefined',
    '[object Object]',
  ),
)

/** Values a field might plausibly hold, so the inner rules are reached, not just the type checks. */
const plausible = fc.oneof(
  anyText,
  anyValue,
  fc.emailAddress().map((email) => ` ${email.toUpperCase()} `),
  fc.webUrl(),
  fc.constantFrom(
    ...LETTER_TYPES,
    'user',
    'employee',
    'admin',
    'built-in',
    'openai-compatible',
    BACKUP_FORMAT,
    'letter',
    'a4',
    'password123',
    'javascript:alert(1)',
    'ftp://example.com',
  ),
  fc.integer({ min: -3, max: 3 }),
  fc.dictionary(fc.constantFrom(...BACKUP_TABLES), fc.oneof(anyValue, fc.array(anyValue))),
)

const shapedLike = (keys: readonly string[]) =>
  keys.length === 0
    ? plausible
    : fc.record(Object.fromEntries(keys.map((key) => [key, plausible])), { requiredKeys: [] })

/** safeParse never throws; a refusal names at least one issue, each with something to say. */
function expectWellBehaved({ schema, accepted }: Schema, input: unknown) {
  let result: ReturnType<z.ZodType['safeParse']> | undefined
  expect(() => {
    result = schema.safeParse(input)
  }).not.toThrow()
  if (!result) throw new Error('safeParse returned nothing')
  if (result.success) {
    accepted(result.data)
  } else {
    expect(result.error.issues.length).toBeGreaterThan(0)
    for (const issue of result.error.issues) {
      expect(typeof issue.message).toBe('string')
      expect(issue.message.trim()).not.toBe('')
    }
  }
  // The boundary helper agrees: the same value back, or an INVALID_INPUT with the first message.
  try {
    const data = parseOrThrow(schema, input)
    expect(result.success).toBe(true)
    if (result.success) expect(data).toEqual(result.data)
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    expect(result.success).toBe(false)
    if (!result.success && error instanceof AppError) {
      expect(error.code).toBe('INVALID_INPUT')
      expect(error.message).toBe(result.error.issues[0]?.message)
    }
  }
}

describe.each(Object.entries(SCHEMAS))('%s', (_name, entry) => {
  it('never throws on any value, and refuses with a message', () => {
    fc.assert(
      fc.property(anyValue, (input) => expectWellBehaved(entry, input)),
      { numRuns: 200 },
    )
  })

  it('never throws on any string, or any JSON it could be sent', () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.jsonValue()), (input) => expectWellBehaved(entry, input)),
      { numRuns: 200 },
    )
  })

  it('never throws on values shaped like its input', () => {
    fc.assert(
      fc.property(shapedLike(entry.keys), (input) => expectWellBehaved(entry, input)),
      { numRuns: 200 },
    )
  })
})

/**
 * Every required text field: accepted exactly when its trimmed text has 1 to
 * `max` code points and something visible in it.
 */
const TEXT_FIELDS: [string, z.ZodType, number][] = [
  ['fullName', fullNameSchema, FULL_NAME_MAX],
  ['senderName', letterInputSchema.shape.senderName, NAME_MAX],
  ['senderAddress', letterInputSchema.shape.senderAddress, ADDRESS_MAX],
  ['recipientName', letterInputSchema.shape.recipientName, NAME_MAX],
  ['recipientAddress', letterInputSchema.shape.recipientAddress, ADDRESS_MAX],
  ['matter', letterInputSchema.shape.matter, MATTER_MAX],
  ['resolution', letterInputSchema.shape.resolution, RESOLUTION_MAX],
  ['contact name', contactMessageSchema.shape.name, CONTACT_NAME_MAX],
  ['contact subject', contactMessageSchema.shape.subject, CONTACT_SUBJECT_MAX],
  ['contact message', contactMessageSchema.shape.message, CONTACT_MESSAGE_MAX],
]

describe.each(TEXT_FIELDS)('the %s field', (_name, schema, max) => {
  const space = fc.string({
    unit: fc.constantFrom(' ', '\t', '\n', '\r\n', '\u00a0', '\u2028', '\ufeff'),
  })
  const core = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.string({ unit: 'binary', minLength: max - 2, maxLength: max + 2, size: 'max' }),
  )

  it('accepts exactly the text whose trimmed length is within its limit, and keeps it trimmed', () => {
    fc.assert(
      fc.property(space, core, space, (before, text, after) => {
        const typed = before + text + after
        const trimmed = typed.trim()
        const result = schema.safeParse(typed)
        const fits =
          codePoints(trimmed) >= 1 && codePoints(trimmed) <= max && hasVisibleText(trimmed)
        expect(result.success).toBe(fits)
        if (result.success) expect(result.data).toBe(trimmed)
        else expect(result.error.issues[0]?.message).toMatch(/is required|at most|visible text/)
      }),
      { numRuns: 60 },
    )
  })
})
