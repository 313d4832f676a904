import { AppError } from '@/domain/errors'
import type { ServerAdminRepository } from '../admin-repository'
import type { AccountParts } from '../repository'
import { createLocalAccountRepository } from './account'
import { type AuthOptions, createAuthRepository } from './auth'
import type { RepositoryContext } from './context'
import { createDevicePayments } from './device-payments'
import { createReferralsRepository } from './referrals'
import { guardStorage } from './storage-guard'
import { createSubscriptionsRepository } from './subscriptions'
import { deviceOnlySync } from '../sync/device-only-sync'

/** Device-only mode has no server to read: the admin's dashboard reads this device (`admin`). */
const NO_SERVER_ADMIN: ServerAdminRepository = {
  source: () => Promise.resolve('device'),
  stats: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
  page: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
  refund: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
  recordPayout: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
  listPayouts: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
  aiUsage: () => Promise.reject(new AppError('SERVER_UNREACHABLE')),
}

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
    serverAdmin: NO_SERVER_ADMIN,
  }
}
