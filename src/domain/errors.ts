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
  SETTINGS_NOT_SAVED: 'The settings could not be saved. Please try again.',
  PAGE_SIZE_NOT_SAVED: 'The PDF page size could not be saved. Please try again.',
  THEME_NOT_SAVED: 'The theme could not be saved. Please try again.',
  SIGN_OUT_FAILED: 'Sign out failed, so you are still signed in. Please try again.',
  COUPON_REQUIRED: 'Please enter a coupon code',
  INVALID_COUPON: 'Invalid coupon code',
  PAYMENT_DETAILS_REQUIRED: 'Please fill in all payment details',
  INVALID_PLAN: 'Invalid plan selected',
  PAYMENT_FAILED: 'Payment failed. Please try again.',
  GENERATION_FAILED: 'Failed to generate letter. Please try again.',
  GENERATION_CANCELLED: 'Letter cancelled. Your letter credit was returned.',
  NOT_SIGNED_IN: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'That item does not exist.',
  INVALID_INPUT: 'Please check the highlighted fields.',
  TOO_MANY_ATTEMPTS: 'Too many failed sign-in attempts.',
  NO_LETTERS_LEFT: 'You have no letters left. Choose a plan to continue.',
  LETTERS_OWED:
    'Your devices used the same last letter while offline, so you owe a letter. Your next plan pays it first.',
  DRAFT_TOO_LARGE:
    'This form holds too much text to keep as a draft on this device; the last draft that fit is kept. Shorten the longest answer.',
  STORAGE_FULL:
    'This device is out of storage space, so nothing was saved. Free some space or export a backup and remove old letters, then try again.',
  CARD_NUMBER_INVALID: 'Card number is not valid. Check the digits and try again.',
  CARD_EXPIRY_INVALID: 'Expiry date must be a month from 01 to 12, as MM/YY.',
  CARD_EXPIRED: 'This card has expired. Please use a different card.',
  CVV_INVALID: 'CVV must be 3 or 4 digits.',
  PAYMENT_AMOUNT_INVALID: 'The amount to pay is not valid. Please choose your plan again.',
  CARD_DECLINED_INSUFFICIENT_FUNDS:
    'Your card has insufficient funds. Please use a different card.',
  CARD_DECLINED_EXPIRED: 'Your bank reports this card as expired. Please use a different card.',
  CARD_DECLINED_CVC: 'The CVV is incorrect. Check the 3 or 4 digits on your card and try again.',
  PROCESSING_ERROR: 'Your card could not be processed just now. Please try again in a moment.',
  CHECKOUT_NEEDS_CONNECTION:
    'You are offline. Buying a plan needs a connection to the Letterhead server; nothing was charged. Try again when you are back online.',
  CHECKOUT_IN_PROGRESS:
    'This payment is still being processed. Wait a moment, then check your plan before trying again.',
  IDEMPOTENCY_CONFLICT:
    'This payment was already submitted with different details. Please start checkout again.',
  NEEDS_CONNECTION:
    'You are offline. Signing in and creating an account need a connection to the Letterhead server; try again when you are back online.',
  ACCOUNT_NEEDS_CONNECTION:
    'You are offline. Your sessions and your password are kept on the Letterhead server; try again when you are back online.',
  ADMIN_NEEDS_CONNECTION:
    'You are offline. The admin dashboard is read from the Letterhead server; try again when you are back online.',
  ADMIN_ONLY:
    'The Letterhead server shows this dashboard to admins only, and this account is not an admin there. Sign in with an admin account.',
  SERVER_UNREACHABLE:
    'The Letterhead server did not answer. Check your connection and try again in a moment.',
  SERVER_ERROR: 'Something went wrong on the Letterhead server. Please try again.',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'The payment provider did not answer, so nothing was charged. Please try again in a moment.',
  SESSION_ENDED: 'Your session has ended. Please sign in again.',
  RATE_LIMITED: 'Too many requests from this address. Please wait a minute and try again.',
  ORIGIN_REFUSED: 'This request did not come from Letterhead, so it was refused.',
  BODY_TOO_LARGE: 'That request is too large.',
  RESET_LINK_INVALID:
    'This reset link is not valid. Open the whole link from the e-mail, or ask for a new one.',
  RESET_LINK_EXPIRED:
    'This reset link has expired: each link works for one hour. Ask for a new one.',
  RESET_LINK_USED:
    'This reset link has already been used. Ask for a new one if you need to reset your password again.',
  RESET_NEEDS_CONNECTION:
    'You are offline. Resetting a password needs a connection to the Letterhead server; try again when you are back online.',
  RESET_NEEDS_SERVER:
    "Accounts here are kept on this device only, so a password cannot be reset by e-mail. The account's letters stay on this device; you may create a new account.",
  WRONG_CURRENT_PASSWORD: 'The current password is not correct.',
  SAME_PASSWORD: 'Choose a new password that differs from the current one.',
  LAST_ADMIN:
    'You are the only admin who can sign in. Create another admin account before you delete this one.',
  UNPAID_COMMISSION:
    'You are still owed commission. Ask an admin to record your payout, then delete your account.',
  ACCOUNT_DATA_NEEDS_CONNECTION:
    'You are offline. Your account and its data are kept on the Letterhead server, so downloading them or deleting the account needs a connection; try again when you are back online.',
  DATABASE_UNAVAILABLE: 'The Letterhead server cannot reach its database right now.',
  CLIENT_TOO_OLD:
    'This version of Letterhead is too old to sync with the server. Update to send your changes; they are kept on this device until then.',
  AI_UNAVAILABLE:
    'AI writing is not set up on this Letterhead server. Choose another engine in Settings.',
  AI_BUSY:
    'You have asked for several AI letters in the last minute. Please wait a minute and try again.',
  AI_BUDGET_EXHAUSTED: "You have used today's AI writing allowance. It resets at midnight UTC.",
  AI_TIMEOUT:
    'The AI model took too long to answer, so the letter was not written. Please try again.',
  AI_UPSTREAM_FAILED:
    'The AI model could not write the letter just now. Please try again in a moment.',
  AI_OUTPUT_REFUSED:
    "The AI model's letter did not pass the checks, so it was not used. Please try again.",
  DEVICE_ACCOUNT_CONFLICT:
    'This device already holds a device-only account with this email. Export a backup of it from Settings before signing in to the server account here.',
} as const

export type ErrorCode = keyof typeof ERROR_MESSAGES

/** Whether a code from elsewhere (the server's answer) is one of ours. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_MESSAGES, code)
}

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
