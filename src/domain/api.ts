import { z } from '@/lib/zod'
import { ERROR_MESSAGES, type ErrorCode } from './errors'
import { ROLES } from './types'

/**
 * The Letterhead server's HTTP contract (DESIGN.md §6), shared by the server,
 * which validates and serializes with these schemas, and the app, which reads
 * answers with them. Paths and shapes here are relied on outside the project.
 */

/** The sync schema version of DESIGN.md §7; `GET /api/health` reports it. */
export const SYNC_SCHEMA_VERSION = 3

export const API_PATHS = {
  health: '/api/health',
  openapi: '/api/openapi.json',
  signUp: '/api/auth/sign-up',
  adminSignUp: '/api/auth/admin-sign-up',
  signIn: '/api/auth/sign-in',
  signOut: '/api/auth/sign-out',
  me: '/api/auth/me',
  sessions: '/api/auth/sessions',
  signOutOthers: '/api/auth/sessions/sign-out-others',
  changePassword: '/api/auth/change-password',
  /** GET: the signed-in account's data, as a JSON attachment (decision 035). */
  accountExport: '/api/account/export',
  /** DELETE, with the password: deletes the signed-in account (decision 035). */
  account: '/api/account',
  passwordReset: '/api/auth/password-reset',
  passwordResetConfirm: '/api/auth/password-reset/confirm',
} as const

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  schemaVersion: z.number().int(),
})
export type Health = z.infer<typeof healthSchema>

/** An account as the server shows it to its owner. */
export const apiUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(ROLES),
  couponCode: z.string().optional(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
})
export type ApiUser = z.infer<typeof apiUserSchema>

export const userResponseSchema = z.object({ user: apiUserSchema })

export const sessionSummarySchema = z.object({
  id: z.uuid(),
  /** What the browser said it was, shortened for people: "Chrome on Linux". */
  device: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session this request came with. */
  current: z.boolean(),
})
export type SessionSummary = z.infer<typeof sessionSummarySchema>

export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSummarySchema) })
export const signedOutOthersSchema = z.object({ ended: z.number().int().nonnegative() })

/**
 * What the password-reset routes answer: the request 202, alike whether or
 * not the e-mail has an account; the reset 200 once the new password is set.
 */
export const okSchema = z.object({ ok: z.literal(true) })

// Beside the other account forms' schemas, so the device-only check does not load this file.
export { changePasswordSchema, type ChangePasswordInput } from './auth-schemas'

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})
export type ErrorBody = z.infer<typeof errorBodySchema>

export function errorBody(code: ErrorCode, message: string = ERROR_MESSAGES[code]): ErrorBody {
  return { error: { code, message } }
}
