import type { CommissionState } from './commissions'
import type { CalendarDay, LetterDetails } from './letter-details'
import type { ReplyState } from './reply-tracking'
export const ROLES = ['user', 'employee', 'admin'] as const
export type Role = (typeof ROLES)[number]

export type Timestamps = { createdAt: string; updatedAt: string }

export type User = Timestamps & {
  id: string
  email: string
  fullName: string
  role: Role
  /** Employees only. */
  couponCode?: string
  referrals?: number
  earningsCents?: number
  /** Users only: how many letters they have, moved in the transaction that writes a letter. */
  letterCount?: number
}

export type Credential = {
  userId: string
  algorithm: string
  iterations: number
  salt: string
  hash: string
}

export type Session = { id: 'current'; userId: string; signedInAt: string }

export const LETTER_STATUSES = ['generating', 'completed', 'failed'] as const
export type LetterStatus = (typeof LETTER_STATUSES)[number]

export type Letter = Timestamps & {
  id: string
  userId: string
  type: string
  senderName: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
  /** The guided questions' answers (decision 030); letters written before them have none. */
  details?: LetterDetails
  content: string
  status: LetterStatus
  generator: string
  error?: string
  /** The subscription whose credit paid for this letter, when one did. */
  subscriptionId?: string
  /** Types that ask something of the reader: the one day by which a reply is asked. */
  replyBy?: CalendarDay
  /** Where the reply stands; absent means awaiting it. */
  replyState?: ReplyState
  /** Server mode: the server's version of this row, as last pulled. */
  version?: number
  /** Server mode: a push replaced text this device had not seen; that text is a previous version. */
  editedElsewhereAt?: string
  /** Server mode, this device only: a change the server refused, and what the person wrote. */
  syncIssue?: SyncIssue
  /** Server mode, this device only: the letter was created on another device and pulled here. */
  fromAnotherDevice?: boolean
}

export type SyncIssue = {
  code: string
  message: string
  at: string
  /** The text the refused change would have saved, kept so nothing typed is lost. */
  content?: string
}

/** An earlier text of a letter, kept when it is edited, regenerated or restored over. */
export type LetterVersion = Timestamps & {
  id: string
  letterId: string
  content: string
  /** The answers the text was written from, so a restore brings both back together. */
  answers: LetterAnswers
  /** The reply-by day the text states, when it states one; a restore brings it back with it. */
  replyBy?: CalendarDay
  reason: 'edited' | 'regenerated' | 'restored'
}

export type LetterAnswers = Pick<
  Letter,
  | 'type'
  | 'senderName'
  | 'senderAddress'
  | 'recipientName'
  | 'recipientAddress'
  | 'matter'
  | 'resolution'
  | 'details'
>

export type Subscription = Timestamps & {
  id: string
  userId: string
  plan: string
  priceCents: number
  discountCents: number
  discountPercent: number
  couponCode?: string
  employeeId?: string
  letters: number
  /** Letters whose credit came from this purchase, moved in the transaction that takes or returns one. */
  lettersUsed: number
  expiresAt: string | null
  idempotencyKey: string
  chargeId?: string
  cardBrand?: string
  cardLast4?: string
  /**
   * Server mode: letters taken from the purchase other than by this account's
   * letters (a refund, or a debt moved onto it; negative when its own debt was
   * paid by a later purchase). Counted as used.
   */
  lettersWithdrawn?: number
  /** Server mode: when an admin refunded it. */
  refundedAt?: string
  /** Server mode: the server's version of the row, which the device only reads. */
  version?: number
}

export type Commission = Timestamps & {
  id: string
  employeeId: string
  /** The purchase it came from; server mode leaves it out, as it does the customer. */
  subscriptionId?: string
  amountCents: number
  /** Server mode: the plan and the sale, which the employee's devices do not otherwise see. */
  plan?: string
  saleCents?: number
  /** Server mode: the state as last recorded; device-only commissions are pending until approved by time. */
  state?: CommissionState
  version?: number
}

export type ErrorReport = Timestamps & {
  id: string
  message: string
  stack: string
  route: string
}

export type ContactMessage = Timestamps & {
  id: string
  name: string
  email: string
  subject: string
  message: string
}
