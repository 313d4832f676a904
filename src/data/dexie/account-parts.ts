import type { AccountParts } from '../repository'
import { createLocalAccountRepository } from './account'
import { type AuthOptions, createAuthRepository } from './auth'
import type { RepositoryContext } from './context'
import { createDevicePayments } from './device-payments'
import { createReferralsRepository } from './referrals'
import { guardStorage } from './storage-guard'
import { createSubscriptionsRepository } from './subscriptions'
import { deviceOnlySync } from '../sync/device-only-sync'

/** Accounts that live on this device: device-only mode. */
export function createDeviceAccountParts(
  context: RepositoryContext,
  options: AuthOptions = {},
): AccountParts {
  return {
    auth: guardStorage(createAuthRepository(context, options)),
    account: guardStorage(createLocalAccountRepository(context)),
    sync: deviceOnlySync(context.db),
    payments: createDevicePayments({
      subscriptions: guardStorage(createSubscriptionsRepository(context)),
      referrals: guardStorage(createReferralsRepository(context)),
    }),
  }
}
