import { randomUUID } from 'node:crypto'
import { ADMIN_PATHS, ADMIN_TABLES, adminCsvPath, adminTablePath } from '@/domain/admin-api'
import { AI_PATHS } from '@/domain/ai-api'
import { API_PATHS } from '@/domain/api'
import { CHECKOUT_PATHS, IDEMPOTENCY_HEADER } from '@/domain/checkout'
import { INBOX_PATHS } from '@/domain/inbox-api'
import { MONEY_PATHS } from '@/domain/money-api'
import { SYNC_PATHS } from '@/domain/sync'
import { MAILBOX_PATH, MAILBOX_STYLES_PATH } from '../mail/mailbox-routes'
import { GOOD_CARD } from './purchases'
import { newLetter } from './sync-device'
import { PASSWORD, TEST_ADMIN_SECRET } from './test-server'

/** Rows the test server holds, so requests can name real ones as well as forged ones. */
export type KnownRows = {
  subscriptionIds: string[]
  payoutIds: string[]
  couponCodes: string[]
  letterIds: string[]
  /** An account that signs in with PASSWORD, never used for anything else. */
  signInEmail: string
}

/** How a route is driven: a body it would accept, and real values for its path's parameters. */
export type RouteDrive = {
  body: () => Record<string, unknown>
  /** Headers the route needs to go on, which a request may still replace. */
  headers?: () => Record<string, string>
  params?: Record<string, string[]>
}

/** Routes that are not driven, each with why (and where else it is tested). */
export const UNDRIVEN: Record<string, string> = {
  // With a session it streams until the client goes away, which inject cannot do; without one
  // it is a 401 (server/sync/events.test.ts).
  [`GET ${SYNC_PATHS.events}`]: 'a server-sent event stream that never ends',
}

const none = () => ({})
let unique = 0

/**
 * Every route of the app with the card gateway, by `METHOD path` (HEAD goes
 * with GET). A route missing here fails the coverage test until it is added.
 */
export function cardRouteDrives(known: KnownRows): Record<string, RouteDrive> {
  const reads = [
    API_PATHS.health,
    API_PATHS.openapi,
    API_PATHS.me,
    API_PATHS.sessions,
    API_PATHS.accountExport,
    ADMIN_PATHS.stats,
    ...ADMIN_TABLES.flatMap((table) => [adminTablePath(table), adminCsvPath(table)]),
    AI_PATHS.status,
    AI_PATHS.adminUsage,
    CHECKOUT_PATHS.options,
    MONEY_PATHS.referrals,
    MONEY_PATHS.payouts,
    MAILBOX_PATH,
    MAILBOX_STYLES_PATH,
  ]
  return {
    ...Object.fromEntries(reads.map((path) => [`GET ${path}`, { body: none }])),
    [`GET ${CHECKOUT_PATHS.coupon}`]: { body: none, params: { code: known.couponCodes } },
    [`GET ${MONEY_PATHS.payoutCsv}`]: { body: none, params: { id: known.payoutIds } },
    [`POST ${MONEY_PATHS.refund}`]: { body: none, params: { id: known.subscriptionIds } },
    [`POST ${MONEY_PATHS.payouts}`]: { body: none },
    [`POST ${API_PATHS.signUp}`]: {
      body: () => ({
        fullName: 'Hostile Person',
        email: `hostile${(unique += 1)}-${randomUUID()}@example.com`,
        password: PASSWORD,
        role: 'employee',
      }),
    },
    [`POST ${API_PATHS.adminSignUp}`]: {
      body: () => ({
        fullName: 'Hostile Admin',
        email: `hostile-admin${(unique += 1)}-${randomUUID()}@example.com`,
        password: PASSWORD,
        adminSecret: TEST_ADMIN_SECRET,
      }),
    },
    [`POST ${API_PATHS.signIn}`]: {
      body: () => ({ email: known.signInEmail, password: PASSWORD }),
    },
    [`POST ${API_PATHS.signOut}`]: { body: none },
    [`POST ${API_PATHS.signOutOthers}`]: { body: none },
    [`POST ${API_PATHS.changePassword}`]: {
      body: () => ({ currentPassword: PASSWORD, newPassword: `${PASSWORD} again` }),
    },
    [`POST ${API_PATHS.passwordReset}`]: { body: () => ({ email: known.signInEmail }) },
    [`POST ${API_PATHS.passwordResetConfirm}`]: {
      body: () => ({ token: 'A'.repeat(43), password: PASSWORD }),
    },
    [`DELETE ${API_PATHS.account}`]: { body: () => ({ password: PASSWORD }) },
    [`POST ${SYNC_PATHS.push}`]: {
      body: () => ({
        clientId: randomUUID(),
        schemaVersion: 1,
        mutations: [{ id: 1, name: 'letters.create', args: { letter: newLetter() } }],
      }),
    },
    [`POST ${SYNC_PATHS.pull}`]: { body: () => ({ clientId: randomUUID(), cursor: 0, limit: 10 }) },
    [`POST ${CHECKOUT_PATHS.checkout}`]: {
      headers: () => ({ [IDEMPOTENCY_HEADER]: randomUUID() }),
      body: () => ({ plan: 'single', couponCode: known.couponCodes[0], card: { ...GOOD_CARD } }),
    },
    [`POST ${AI_PATHS.generate}`]: {
      body: () => ({ letterId: known.letterIds[0] ?? randomUUID() }),
    },
    [`POST ${INBOX_PATHS.messages}`]: {
      body: () => ({
        name: 'Hostile Visitor',
        email: 'visitor@example.com',
        subject: 'A question',
        message: 'Hello there.',
      }),
    },
    [`POST ${INBOX_PATHS.errors}`]: {
      body: () => ({ message: 'TypeError', stack: 'at x', route: '/app' }),
    },
  }
}
