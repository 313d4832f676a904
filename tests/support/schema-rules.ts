import { expect } from 'vitest'
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
} from '@/domain/auth-schemas'
import { BACKUP_FORMAT, BACKUP_TABLES, backupFileSchema } from '@/domain/backup-schema'
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactMessageSchema,
} from '@/domain/contact-schema'
import {
  CONTENT_MAX,
  LETTER_TYPES,
  letterContentSchema,
  letterInputSchema,
} from '@/domain/letter-schema'
import { hasVisibleText } from '@/domain/required-text'
import { letterEngineSchema, pageSizeSchema } from '@/domain/settings'
import { FIELD_LIMITS } from './letter-arbitraries'

/*
 * Every input schema, each with the rule its accepted output must obey: the
 * table the schema property tests and known-input tests run through.
 */

/** Accepted output must obey the rule the schema stands for. */
export type Schema = {
  schema: z.ZodType
  keys: readonly string[]
  accepted: (data: unknown) => void
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const field = (data: unknown, key: string): unknown => (isRecord(data) ? data[key] : undefined)

/** zod measures a string's length in code points, so an emoji counts once, not twice. */
export const codePoints = (value: unknown) => [...String(value)].length

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

export const SCHEMAS: Record<string, Schema> = {
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
