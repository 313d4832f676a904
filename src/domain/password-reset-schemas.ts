import { z } from '@/lib/zod'
import { emailSchema, newPasswordSchema } from './auth-schemas'

/**
 * Resetting a forgotten password (decision 034), apart from the sign-in and
 * sign-up schemas so the Login tab does not carry them.
 */

/** Asks for a link that sets a new password (server mode); answered alike whether or not the account exists. */
export const passwordResetRequestSchema = z.object({ email: emailSchema })

/** A reset link's token: 32 random bytes in base64url; anything else is told apart by the server's answer. */
export const RESET_TOKEN_MAX = 200

/** Sets a new password with a reset link's token; the password follows the sign-up rules. */
export const passwordResetSchema = z.object({
  token: z.string().min(1, 'The reset link has no token').max(RESET_TOKEN_MAX),
  password: newPasswordSchema,
})

/** The reset form: the new password twice, so a slip of the finger is caught before it is set. */
export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  })

export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>
export type PasswordResetInput = z.input<typeof passwordResetSchema>
