import { describe, expect, it } from 'vitest'
import { SAMPLE_LETTER } from '@/data/test-support'
import { SCHEMAS } from '../../tests/support/schema-rules'
import { FULL_NAME_MAX, PASSWORD_MAX } from './auth-schemas'
import { BACKUP_FORMAT, BACKUP_TABLES } from './backup-schema'
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from './contact-schema'
import { CONTENT_MAX, NAME_MAX, RESOLUTION_MAX } from './letter-schema'

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
