import type { AccountExport, DeleteAccountInput } from '@/domain/account-data'
import type { CommissionState } from '@/domain/commissions'
import type { SessionSummary } from '@/domain/api'
import type {
  AdminSignUpInput,
  ChangePasswordInput,
  SignInInput,
  SignUpInput,
} from '@/domain/auth-schemas'
import type { BackupFile } from '@/domain/backup-schema'
import type { PasswordResetInput, PasswordResetRequestInput } from '@/domain/password-reset-schemas'
import type { CheckoutOptions } from '@/domain/checkout'
import type { ContactMessageInput } from '@/domain/contact-schema'
import type { DraftForm } from '@/domain/drafts'
import type { Entitlements } from '@/domain/credits'
import type { LetterInput } from '@/domain/letter-schema'
import type { ReplyState } from '@/domain/reply-tracking'
import type { CardDetails, PaymentGateway } from '@/domain/payment/payment-gateway'
import type {
  Commission,
  ContactMessage,
  ErrorReport,
  Letter,
  LetterVersion,
  Subscription,
  User,
} from '@/domain/types'
import type { AdminRepository, ServerAdminRepository } from './admin-repository'
import type { ServerAiRepository } from './server-ai-repository'
import type { DeviceOnlyData } from './sync/device-data'
import type { RefusedChange } from './sync/push-outbox'
import type { SyncStatus } from './sync/sync-status'

export type { DeviceOnlyData, RefusedChange, SyncStatus }

/**
 * The only door to data. Features call these methods and nothing else, so a
 * synced implementation can replace the local one without touching them.
 * Every method validates its input and checks who is asking: the repository
 * trusts nothing the UI hands it.
 */
export type Repository = {
  auth: AuthRepository
  account: AccountRepository
  letters: LettersRepository
  subscriptions: SubscriptionsRepository
  referrals: ReferralsRepository
  messages: MessagesRepository
  diagnostics: DiagnosticsRepository
  backup: BackupRepository
  settings: SettingsRepository
  drafts: DraftsRepository
  admin: AdminRepository
  /** The admin's view on the Letterhead server, in server mode; `admin` reads the device's. */
  serverAdmin: ServerAdminRepository
  /** The Letterhead server's AI model, in server mode; device-only mode has none. */
  serverAi: ServerAiRepository
  sync: SyncRepository
  payments: PaymentsRepository
  /** Re-runs `query` whenever the data it read changes, in this tab or another. */
  observe<T>(query: () => Promise<T>): Subscribable<T>
}

/**
 * The parts that differ between the modes: who is signed in, and how, whether
 * it syncs, who takes the money, and where the admin's view is read.
 */
export type AccountParts = Pick<
  Repository,
  'auth' | 'account' | 'sync' | 'payments' | 'serverAdmin'
>

export type Subscribable<T> = {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe(): void
  }
}

export type AuthRepository = {
  signUp(input: SignUpInput): Promise<User>
  signUpAdmin(input: AdminSignUpInput): Promise<User>
  signIn(input: SignInInput): Promise<User>
  /**
   * Ends the session on this device at once, online or not. With
   * `removeData` (server mode) the account's letters and settings leave this
   * device too; the server keeps them.
   */
  signOut(options?: SignOutOptions): Promise<void>
  /** Who is signed in on this device, read from the device: instant, and offline too. */
  currentUser(): Promise<User | null>
  /**
   * Asks whoever holds the account whether this device's session still
   * stands, and ends it here when it does not (ended elsewhere, expired, the
   * password changed). Resolves whatever the answer; no answer changes nothing.
   */
  confirmSession(): Promise<void>
  /**
   * How a forgotten password is reset here: by a link the Letterhead server
   * e-mails (server mode), or not at all, as accounts kept on this device
   * only have no e-mail behind them (device-only mode).
   */
  passwordResetBy(): Promise<PasswordResetBy>
  /**
   * Asks the server to e-mail a reset link to `email`; resolves alike whether
   * or not an account has it. Device-only mode: `RESET_NEEDS_SERVER`.
   */
  requestPasswordReset(input: PasswordResetRequestInput): Promise<void>
  /**
   * Sets a new password with a reset link's token; every session of the
   * account ends, this device's too. Device-only mode: `RESET_NEEDS_SERVER`.
   */
  resetPassword(input: PasswordResetInput): Promise<void>
}

export type PasswordResetBy = 'email' | 'device-only'

export type SignOutOptions = { removeData?: boolean }

/**
 * Where the signed-in account is signed in: on the server, each session with
 * its device; an account that lives on this device only has no other sessions.
 */
export type AccountSessions =
  { kind: 'server'; sessions: SessionSummary[] } | { kind: 'device-only' }

export type ChangedPassword = {
  user: User
  /** Whether the account's sessions on other devices were ended with the change. */
  otherSessionsEnded: boolean
}

/** The signed-in account's security: its sessions and its password. */
export type AccountRepository = {
  sessions(): Promise<AccountSessions>
  /** Ends every session of the account but this device's; answers how many ended. */
  signOutOthers(): Promise<{ ended: number }>
  changePassword(input: ChangePasswordInput): Promise<ChangedPassword>
  /**
   * Everything the signed-in account holds, as one file for its owner
   * (decision 035): the server's copy in server mode, this device's otherwise.
   * Never a password hash, a session token or an API key.
   */
  exportData(): Promise<AccountExport>
  /**
   * Deletes the signed-in account once its password is checked, with its
   * letters, settings and sessions; purchases and commissions stay for the
   * books, without the person's name or e-mail. Signs out on this device.
   */
  deleteAccount(input: DeleteAccountInput): Promise<void>
}

export type LetterPage = { letters: Letter[]; total: number }

export type LettersRepository = {
  /** Creates a letter for the signed-in user, status `generating`. */
  create(input: LetterInput): Promise<Letter>
  /** One of the signed-in user's letters; anyone else's is `NOT_FOUND`. */
  get(id: string): Promise<Letter>
  /** The signed-in user's letters, newest first. */
  listMine(): Promise<Letter[]>
  /** How many letters the signed-in user has. */
  countMine(): Promise<number>
  /** The signed-in user's letters still `generating`, oldest first. */
  listGeneratingMine(): Promise<Letter[]>
  /** A page of the signed-in user's letters, newest first, with their total count. */
  pageMine(page: { offset: number; limit: number }): Promise<LetterPage>
  /** Every letter, newest first; admins only. */
  listAll(): Promise<Letter[]>
  /** Stores generated text: `generating` → `completed`. */
  complete(id: string, result: { content: string; generator: string }): Promise<Letter>
  /** Records why generation failed: `generating` → `failed`. */
  fail(id: string, reason: string): Promise<Letter>
  /** Tries a failed letter again: `failed` → `generating`. */
  restart(id: string): Promise<Letter>
  /** Saves text the user edited; the text it replaces becomes a previous version. */
  editContent(id: string, content: string): Promise<Letter>
  /** Stores new answers with the text generated from them; the old text becomes a previous version. */
  replaceAnswers(
    id: string,
    input: LetterInput,
    result: { content: string; generator: string },
  ): Promise<Letter>
  /** A letter's previous versions, newest first. */
  listVersions(id: string): Promise<LetterVersion[]>
  /** Brings back a previous version; the current text becomes a previous version itself. */
  restoreVersion(id: string, versionId: string): Promise<Letter>
  /** Records where the reply to a letter that asks for one stands; other letters are `INVALID_INPUT`. */
  setReplyState(id: string, state: ReplyState): Promise<Letter>
}

export type NewSubscription = {
  plan: string
  couponCode?: string
  /** One key per checkout attempt: repeating a call with it returns the first subscription. */
  idempotencyKey?: string
  /** What the payment gateway reported; never the card number or CVV. */
  payment?: { chargeId: string; cardBrand: string; cardLast4: string }
}

export type SubscriptionsRepository = {
  /** Buys `plan` for the signed-in user, crediting the referring employee in the same transaction. */
  create(input: NewSubscription): Promise<Subscription>
  /** The signed-in user's letters left across active subscriptions. */
  entitlements(): Promise<Entitlements>
  /** Every subscription, newest first; admins only. */
  listAll(): Promise<Subscription[]>
}

export type EmployeeCoupon = { employeeId: string; couponCode: string }

/** One purchase as checkout asks for it; the price is the catalogue's, never the caller's. */
export type CheckoutOrder = {
  plan: string
  /** The code as applied (or typed); the purchase records the code as stored. */
  couponCode?: string
  /** What the customer typed on the Payment step; it goes to whoever charges, and nowhere else. */
  card: CardDetails
  /** One key per checkout attempt: repeating the order with it never charges twice. */
  idempotencyKey: string
  /** Who charges on this device (device-only mode); in server mode the server's gateway does. */
  gateway: PaymentGateway
}

export type PaidOrder = {
  subscription: Subscription
  amountCents: number
  cardBrand: string
  cardLast4: string
}

/**
 * Checkout: on the device in device-only mode, through the Letterhead server
 * in server mode (DESIGN.md §8), where it needs a connection.
 */
export type PaymentsRepository = {
  /** The coupon code a typed code names, as stored (look-alikes resolved); null when it names none. */
  findCoupon(typed: string): Promise<string | null>
  /**
   * How payment is taken: always this device's test gateway in device-only
   * mode; in server mode the server's gateway, asked once while the app runs.
   */
  options(): Promise<CheckoutOptions>
  /** Charges the card once per idempotency key and records the purchase. */
  pay(order: CheckoutOrder): Promise<PaidOrder>
  /**
   * With the Stripe gateway: Stripe's page for the order, once per idempotency
   * key, for the app to send the browser to. Nothing is written here; the
   * purchase arrives by sync once Stripe reports it paid. When the key's
   * purchase is already paid, that purchase.
   */
  startStripeCheckout(order: StripeOrder): Promise<StripeCheckout>
}

/** An order paid on Stripe's page: no card, and no gateway on this device. */
export type StripeOrder = Omit<CheckoutOrder, 'card' | 'gateway'>

export type StripeCheckout = { checkoutUrl: string } | PaidOrder

export type ReferralsRepository = {
  findEmployeeByCouponCode(code: string): Promise<EmployeeCoupon | null>
  /**
   * Writes the commission a subscription earns its employee, once: calling it
   * again for the same subscription returns the existing row.
   */
  creditEmployee(subscriptionId: string): Promise<Commission | null>
  /** The signed-in employee's commissions, newest first, with the sale each came from. */
  myCommissions(): Promise<CommissionLine[]>
}

/** A commission as the portal shows it: the sale it came from and its state as of now. */
export type CommissionLine = Commission & {
  plan: string
  saleCents: number
  state: CommissionState
}

export type MessagesRepository = {
  /** Stores a message sent from the landing page's contact form; anyone may send one. */
  create(input: ContactMessageInput): Promise<ContactMessage>
  /** Every message, newest first; admins only. */
  listAll(): Promise<ContactMessage[]>
}

export type NewErrorReport = { message: string; stack: string; route: string }

export type DiagnosticsRepository = {
  recordError(report: NewErrorReport): Promise<ErrorReport>
}

export type BackupRepository = {
  /** Every table but the session, as one versioned file. */
  exportAll(): Promise<BackupFile>
  /** Replaces the database with a backup, whole or not at all; refuses files that are not ours, newer or damaged. */
  importAll(file: unknown): Promise<{ rows: number }>
}

export type SettingsRepository = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
}

/**
 * What the signed-in account has typed in a form and not sent yet, kept on
 * this device so a reload, a crash or a lost connection loses none of it.
 */
export type DraftsRepository = {
  /**
   * The newest answers of `form`, as they were saved or held, or null when
   * there are none.
   */
  get(form: DraftForm): Promise<unknown>
  /**
   * Holds `values` at once, in storage that writes synchronously, until `save`
   * stores them or newer ones: typing a `save` has not caught up with yet
   * survives a reload, a closed tab or a crash. Holds nothing before the
   * account's draft has been read or written on this page.
   */
  hold(form: DraftForm, values: unknown): Promise<void>
  /** Keeps `values` (anything JSON holds) in place of the last draft of `form`. */
  save(form: DraftForm, values: unknown): Promise<void>
  clear(form: DraftForm): Promise<void>
}

/**
 * Server mode's sync of the signed-in account's data (DESIGN.md §7). In
 * device-only mode nothing syncs: the status stays off and there is nothing
 * to upload.
 */
export type SyncRepository = {
  /** Starts syncing whoever signs in, in server mode; resolves once that is decided. */
  start(): Promise<void>
  status(): SyncStatus
  onStatus(listener: (status: SyncStatus) => void): () => void
  /** Changes the server refused, as they come back; each is also marked on its letter. */
  onRefused(listener: (refused: RefusedChange[]) => void): () => void
  /** Pushes what waits and pulls what is new, now. */
  syncNow(): Promise<void>
  /**
   * Pushes every change made on this device so far, for a request that needs
   * the server to have them (the server's AI writes a letter created here).
   * True once the server has acknowledged them all (device-only mode: at
   * once); false while any still waits (offline, no answer in time).
   */
  flushOutbox(): Promise<boolean>
  /** Changes made on this device that the server has not acknowledged yet. */
  pendingChanges(): Promise<number>
  /** Letters of device-only accounts on this device the signed-in account could take in. */
  deviceOnlyData(): Promise<DeviceOnlyData | null>
  /** Copies them into the signed-in account, to be uploaded; answers how many letters. */
  uploadDeviceOnlyData(): Promise<{ letters: number }>
  /** Keeps them on this device only, and stops asking. */
  keepDeviceOnlyDataApart(): Promise<void>
  /** The person has read a refusal marked on a letter: the mark goes, the letter stays as it is. */
  dismissIssue(letterId: string): Promise<void>
}
