import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  adminSignUpSchema,
  EMAIL_MAX,
  emailSchema,
  FULL_NAME_MAX,
  fullNameSchema,
  newPasswordSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  signInSchema,
  signUpSchema,
} from './auth-schemas'
import { BACKUP_FORMAT, BACKUP_TABLES, backupFileSchema } from './backup-schema'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactMessageSchema,
} from './contact-schema'
import { SAMPLE_LETTER } from '@/data/test-support'
import { FIELD_LIMITS } from '../../tests/support/letter-arbitraries'
import { AppError } from './errors'
import {
  ADDRESS_MAX,
  CONTENT_MAX,
  LETTER_TYPES,
  letterContentSchema,
  letterInputSchema,
  MATTER_MAX,
  NAME_MAX,
  RESOLUTION_MAX,
} from './letter-schema'
import { hasVisibleText } from './required-text'
import { letterEngineSchema, pageSizeSchema } from './settings'
import { parseOrThrow } from './validate'

/** Accepted output must obey the rule the schema stands for. */
type Schema = { schema: z.ZodType; keys: readonly string[]; accepted: (data: unknown) => void }

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const field = (data: unknown, key: string): unknown => (isRecord(data) ? data[key] : undefined)

/** zod measures a string's length in code points, so an emoji counts once, not twice. */
const codePoints = (value: unknown) => [...String(value)].length

function expectTrimmedText(value: unknown, max: number, min = 1) {
  expect(typeof value).toBe('string')
  const text = String(value)
  expect(text).toBe(text.trim())
  expect(codePoints(text)).toBeGreaterThanOrEqual(min)
  expect(codePoints(text)).toBeLessThanOrEqual(max)
}

/** Typed text a reader can see: trimmed, within its limits, not only invisible characters. */
function expectVisibleText(value: unknown, max: number) {
  expectTrimmedText(value, max)
  expect(hasVisibleText(String(value))).toBe(true)
}

function expectEmail(value: unknown) {
  expectTrimmedText(value, EMAIL_MAX)
  const email = String(value)
  expect(email).toBe(email.toLowerCase())
  expect(email).toMatch(/^[^@\s]+@[^@\s]+$/)
}

function expectPassword(value: unknown, min: number) {
  expect(typeof value).toBe('string')
  expect(codePoints(value)).toBeGreaterThanOrEqual(min)
  expect(codePoints(value)).toBeLessThanOrEqual(PASSWORD_MAX)
}

const SCHEMAS: Record<string, Schema> = {
  letterInputSchema: {
    schema: letterInputSchema,
    keys: ['type', ...Object.keys(FIELD_LIMITS)],
    accepted: (data) => {
      expect(LETTER_TYPES).toContain(field(data, 'type'))
      for (const [key, max] of Object.entries(FIELD_LIMITS))
        expectVisibleText(field(data, key), max)
    },
  },
  letterContentSchema: {
    schema: letterContentSchema,
    keys: [],
    accepted: (data) => {
      expect(typeof data).toBe('string')
      expect(String(data).trim()).not.toBe('')
      expect(String(data).length).toBeLessThanOrEqual(CONTENT_MAX)
    },
  },
  emailSchema: { schema: emailSchema, keys: [], accepted: expectEmail },
  fullNameSchema: {
    schema: fullNameSchema,
    keys: [],
    accepted: (data) => expectVisibleText(data, FULL_NAME_MAX),
  },
  newPasswordSchema: {
    schema: newPasswordSchema,
    keys: [],
    accepted: (data) => expectPassword(data, PASSWORD_MIN),
  },
  signInSchema: {
    schema: signInSchema,
    keys: ['email', 'password'],
    accepted: (data) => {
      expectEmail(field(data, 'email'))
      expectPassword(field(data, 'password'), 1)
    },
  },
  signUpSchema: {
    schema: signUpSchema,
    keys: ['fullName', 'email', 'password', 'role'],
    accepted: (data) => {
      expectVisibleText(field(data, 'fullName'), FULL_NAME_MAX)
      expectEmail(field(data, 'email'))
      expectPassword(field(data, 'password'), PASSWORD_MIN)
      expect(['user', 'employee']).toContain(field(data, 'role'))
    },
  },
  adminSignUpSchema: {
    schema: adminSignUpSchema,
    keys: ['fullName', 'email', 'password', 'adminSecret'],
    accepted: (data) => {
      expectVisibleText(field(data, 'fullName'), FULL_NAME_MAX)
      expectEmail(field(data, 'email'))
      expectPassword(field(data, 'password'), PASSWORD_MIN)
      expect(String(field(data, 'adminSecret'))).not.toBe('')
    },
  },
  contactMessageSchema: {
    schema: contactMessageSchema,
    keys: ['name', 'email', 'subject', 'message'],
    accepted: (data) => {
      expectVisibleText(field(data, 'name'), CONTACT_NAME_MAX)
      expectEmail(field(data, 'email'))
      expectVisibleText(field(data, 'subject'), CONTACT_SUBJECT_MAX)
      expectVisibleText(field(data, 'message'), CONTACT_MESSAGE_MAX)
    },
  },
  letterEngineSchema: {
    schema: letterEngineSchema,
    keys: ['kind', 'baseUrl', 'model', 'apiKey'],
    accepted: (data) => {
      if (field(data, 'kind') === 'built-in') return
      expect(field(data, 'kind')).toBe('openai-compatible')
      expect(String(field(data, 'baseUrl'))).toMatch(/^https?:\/\//)
      expectTrimmedText(field(data, 'model'), 200)
      expectTrimmedText(field(data, 'apiKey'), 500, 0)
    },
  },
  pageSizeSchema: {
    schema: pageSizeSchema,
    keys: [],
    accepted: (data) => expect(['letter', 'a4']).toContain(data),
  },
  backupFileSchema: {
    schema: backupFileSchema,
    keys: ['format', 'formatVersion', 'schemaVersion', 'exportedAt', 'tables'],
    accepted: (data) => {
      expect(field(data, 'format')).toBe(BACKUP_FORMAT)
      for (const key of ['formatVersion', 'schemaVersion']) {
        expect(Number.isInteger(field(data, key))).toBe(true)
        expect(field(data, key)).toBeGreaterThanOrEqual(1)
      }
      for (const table of BACKUP_TABLES) {
        const rows = field(field(data, 'tables'), table)
        expect(Array.isArray(rows)).toBe(true)
        if (Array.isArray(rows)) for (const row of rows) expect(isRecord(row)).toBe(true)
      }
    },
  },
}

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

const SIGN_UP = { fullName: 'Ada', email: 'ada@example.com', password: 'password123' }
const CONTACT = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' }
const ENGINE = {
  kind: 'openai-compatible',
  baseUrl: 'https://api.example.com/v1',
  model: 'gpt-4o-mini',
  apiKey: '',
}
const BACKUP = {
  format: BACKUP_FORMAT,
  formatVersion: 1,
  schemaVersion: 3,
  exportedAt: '2026-11-22T12:00:00.000Z',
  tables: {},
}

/** Inputs each schema must refuse, and the message the person is shown. */
const KNOWN_BAD: [keyof typeof SCHEMAS, unknown, string | RegExp][] = [
  ['letterInputSchema', null, /expected object/],
  ['letterInputSchema', { ...SAMPLE_LETTER, type: 'Love Letter' }, 'Choose a letter type'],
  ['letterInputSchema', { ...SAMPLE_LETTER, type: undefined }, 'Choose a letter type'],
  ['letterInputSchema', { ...SAMPLE_LETTER, senderName: ' \n\t ' }, 'Your name is required'],
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, recipientAddress: '' },
    'Recipient address is required',
  ],
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, recipientName: '\u0000\u200f' },
    'Recipient name must contain visible text',
  ],
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, matter: '\u200b\u2060' },
    'Matter/Subject must contain visible text',
  ],
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, recipientName: 'x'.repeat(NAME_MAX + 1) },
    'Recipient name must be at most 120 characters',
  ],
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, resolution: 'x'.repeat(RESOLUTION_MAX + 1) },
    'Desired resolution must be at most 4,000 characters',
  ],
  ['letterInputSchema', { ...SAMPLE_LETTER, matter: 42 }, /expected string/],
  ['letterContentSchema', ' \n ', 'Letter text cannot be empty'],
  [
    'letterContentSchema',
    'x'.repeat(CONTENT_MAX + 1),
    'Letter text must be at most 60,000 characters',
  ],
  ['emailSchema', '   ', 'Email is required'],
  ['emailSchema', 'not-an-email', 'Enter a valid email address'],
  ['emailSchema', 'ada@@example.com', 'Enter a valid email address'],
  ['emailSchema', 'ada lovelace@example.com', 'Enter a valid email address'],
  ['emailSchema', `${'a'.repeat(250)}@x.io`, 'Email must be at most 254 characters'],
  ['fullNameSchema', '\u00a0', 'Full name is required'],
  ['fullNameSchema', '\u200b\u200b', 'Full name must contain visible text'],
  ['fullNameSchema', 'x'.repeat(FULL_NAME_MAX + 1), 'Full name must be at most 120 characters'],
  ['newPasswordSchema', 'short', 'Password must be at least 8 characters'],
  ['newPasswordSchema', 'x'.repeat(PASSWORD_MAX + 1), 'Password must be at most 128 characters'],
  ['signInSchema', { email: 'ada@example.com', password: '' }, 'Password is required'],
  ['signInSchema', { email: 'ada', password: 'password123' }, 'Enter a valid email address'],
  ['signUpSchema', { ...SIGN_UP, role: 'admin' }, 'Choose an account type'],
  ['signUpSchema', { ...SIGN_UP, role: 'user', password: '1234567' }, /at least 8/],
  ['adminSignUpSchema', { ...SIGN_UP, adminSecret: '' }, 'Admin secret key is required'],
  ['contactMessageSchema', { ...CONTACT, message: '  ' }, 'Message is required'],
  ['contactMessageSchema', { ...CONTACT, name: '\u2060\u00ad' }, 'Name must contain visible text'],
  [
    'contactMessageSchema',
    { ...CONTACT, subject: 'x'.repeat(CONTACT_SUBJECT_MAX + 1) },
    'Subject must be at most 200 characters',
  ],
  [
    'contactMessageSchema',
    { ...CONTACT, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
    'Message must be at most 5,000 characters',
  ],
  ['letterEngineSchema', { kind: 'telepathy' }, /./],
  ['letterEngineSchema', { ...ENGINE, baseUrl: 'api.example.com' }, /full URL/],
  ['letterEngineSchema', { ...ENGINE, baseUrl: 'ftp://example.com' }, /http:\/\/ or https:\/\//],
  ['letterEngineSchema', { ...ENGINE, baseUrl: 'javascript:alert(1)' }, /./],
  ['letterEngineSchema', { ...ENGINE, model: '   ' }, 'Model is required'],
  ['letterEngineSchema', { ...ENGINE, apiKey: 'k'.repeat(501) }, /at most 500/],
  ['pageSizeSchema', 'A4', /./],
  ['pageSizeSchema', 'legal', /./],
  ['backupFileSchema', { ...BACKUP, format: 'someone-elses-backup' }, /./],
  ['backupFileSchema', { ...BACKUP, formatVersion: 0 }, /./],
  ['backupFileSchema', { ...BACKUP, schemaVersion: 1.5 }, /./],
  ['backupFileSchema', { ...BACKUP, tables: { users: {} } }, /./],
  ['backupFileSchema', { ...BACKUP, tables: { letters: [1, 'row'] } }, /./],
  ['backupFileSchema', { ...BACKUP, tables: null }, /./],
]

/** And inputs each must accept, so the refusals above are not a schema that refuses everything. */
const KNOWN_GOOD: [keyof typeof SCHEMAS, unknown, unknown][] = [
  [
    'letterInputSchema',
    { ...SAMPLE_LETTER, matter: '  Unpaid  ' },
    { ...SAMPLE_LETTER, matter: 'Unpaid' },
  ],
  ['letterContentSchema', 'Dear Sam:', 'Dear Sam:'],
  ['emailSchema', '  Ada@Example.COM ', 'ada@example.com'],
  ['fullNameSchema', ' Łukasz Żółć ', 'Łukasz Żółć'],
  ['newPasswordSchema', ' 8 chars', ' 8 chars'],
  [
    'signInSchema',
    { email: 'ADA@example.com', password: 'x' },
    { email: 'ada@example.com', password: 'x' },
  ],
  ['signUpSchema', { ...SIGN_UP, role: 'employee' }, { ...SIGN_UP, role: 'employee' }],
  ['adminSignUpSchema', { ...SIGN_UP, adminSecret: 's' }, { ...SIGN_UP, adminSecret: 's' }],
  ['contactMessageSchema', CONTACT, CONTACT],
  ['letterEngineSchema', { kind: 'built-in' }, { kind: 'built-in' }],
  ['letterEngineSchema', ENGINE, ENGINE],
  ['pageSizeSchema', 'a4', 'a4'],
  [
    'backupFileSchema',
    BACKUP,
    { ...BACKUP, tables: Object.fromEntries(BACKUP_TABLES.map((table) => [table, []])) },
  ],
]

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

describe('known inputs', () => {
  it.each(
    KNOWN_BAD.map(([name, input, message]) => ({ name, input, message, shown: shown(input) })),
  )('$name refuses $shown', ({ name, input, message }) => {
    const result = SCHEMAS[name]?.schema.safeParse(input)
    expect(result?.success).toBe(false)
    expect(result?.error?.issues.map((issue) => issue.message).join('\n')).toMatch(message)
  })

  it.each(
    KNOWN_GOOD.map(([name, input, output]) => ({ name, input, output, shown: shown(input) })),
  )('$name accepts $shown', ({ name, input, output }) => {
    const result = SCHEMAS[name]?.schema.safeParse(input)
    expect(result?.error?.issues).toBeUndefined()
    expect(result?.data).toEqual(output)
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
