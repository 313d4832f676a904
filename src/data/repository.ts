import type { AdminSignUpInput, SignInInput, SignUpInput } from '@/domain/auth-schemas'
import type { ContactMessageInput } from '@/domain/contact-schema'
import type { LetterInput } from '@/domain/letter-schema'
import type {
  Commission,
  ContactMessage,
  ErrorReport,
  Letter,
  Subscription,
  User,
} from '@/domain/types'

/**
 * The only door to data. Features call these methods and nothing else, so a
 * synced implementation can replace the local one without touching them.
 * Every method validates its input and checks who is asking: the repository
 * trusts nothing the UI hands it.
 */
export type Repository = {
  auth: AuthRepository
  letters: LettersRepository
  subscriptions: SubscriptionsRepository
  referrals: ReferralsRepository
  messages: MessagesRepository
  diagnostics: DiagnosticsRepository
  settings: SettingsRepository
  /** Re-runs `query` whenever the data it read changes, in this tab or another. */
  observe<T>(query: () => Promise<T>): Subscribable<T>
}

export type Subscribable<T> = {
  subscribe(observer: { next: (value: T) => void; error?: (error: unknown) => void }): {
    unsubscribe(): void
  }
}

export type AuthRepository = {
  signUp(input: SignUpInput): Promise<User>
  signUpAdmin(input: AdminSignUpInput): Promise<User>
  signIn(input: SignInInput): Promise<User>
  signOut(): Promise<void>
  currentUser(): Promise<User | null>
}

export type LettersRepository = {
  /** Creates a letter for the signed-in user, status `generating`. */
  create(input: LetterInput): Promise<Letter>
  /** The signed-in user's letters, newest first. */
  listMine(): Promise<Letter[]>
  /** Every letter, newest first; admins only. */
  listAll(): Promise<Letter[]>
}

export type NewSubscription = {
  plan: string
  couponCode?: string
}

export type SubscriptionsRepository = {
  /** Buys `plan` for the signed-in user, crediting the referring employee in the same transaction. */
  create(input: NewSubscription): Promise<Subscription>
  /** Every subscription, newest first; admins only. */
  listAll(): Promise<Subscription[]>
}

export type EmployeeCoupon = { employeeId: string; couponCode: string }

export type ReferralsRepository = {
  findEmployeeByCouponCode(code: string): Promise<EmployeeCoupon | null>
  /**
   * Writes the commission a subscription earns its employee, once: calling it
   * again for the same subscription returns the existing row.
   */
  creditEmployee(subscriptionId: string): Promise<Commission | null>
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

export type SettingsRepository = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
}
