/**
 * Every user-facing error message lives here, once. Code throws `AppError`
 * with a code; forms show `error.message` in their alert.
 */
export const ERROR_MESSAGES = {
  INVALID_ADMIN_SECRET: 'Invalid admin secret key',
  USER_EXISTS: 'User already exists',
  INVALID_CREDENTIALS: 'Invalid credentials',
  LOGIN_NO_USER: 'Login failed - no user returned',
  LOGIN_FAILED: 'Login failed. Please try again.',
  SIGNUP_NO_USER: 'Signup failed - no user returned',
  SIGNUP_FAILED: 'Signup failed. Please try again.',
  ADMIN_SIGNUP_NO_USER: 'Admin signup failed - no user returned',
  ADMIN_SIGNUP_FAILED: 'Admin signup failed. Please try again.',
  COUPON_REQUIRED: 'Please enter a coupon code',
  INVALID_COUPON: 'Invalid coupon code',
  PAYMENT_DETAILS_REQUIRED: 'Please fill in all payment details',
  INVALID_PLAN: 'Invalid plan selected',
  PAYMENT_FAILED: 'Payment failed. Please try again.',
  GENERATION_FAILED: 'Failed to generate letter. Please try again.',
  NOT_SIGNED_IN: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'That item does not exist.',
  INVALID_INPUT: 'Please check the highlighted fields.',
  TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts.',
} as const

export type ErrorCode = keyof typeof ERROR_MESSAGES

export class AppError extends Error {
  readonly code: ErrorCode

  constructor(code: ErrorCode, message: string = ERROR_MESSAGES[code]) {
    super(message)
    this.name = 'AppError'
    this.code = code
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError
}

/** The message a form shows for any thrown value: ours as written, anything else as `fallback`. */
export function messageFor(error: unknown, fallback: ErrorCode): string {
  return isAppError(error) ? error.message : ERROR_MESSAGES[fallback]
}
