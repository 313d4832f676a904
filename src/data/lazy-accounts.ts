import type { User } from '@/domain/types'
import type { AccountParts } from './repository'
import { deferredSync } from './sync/deferred-sync'

/**
 * The account parts, loaded on the first call that needs them: signing in
 * and out are a person's actions, never part of opening the app, so their
 * code (the device's or the server's, whichever this load runs on) stays out
 * of the app's start. Who is signed in is read straight from the device, at
 * once and offline, and directly, so a reactive read can follow it. A failed
 * load is not remembered, so the next call tries again.
 */
export function lazyAccounts(
  currentUser: () => Promise<User | null>,
  load: () => Promise<AccountParts>,
): AccountParts {
  let loaded: Promise<AccountParts> | undefined
  const parts = () =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = undefined
      throw error
    }))
  const auth = async () => (await parts()).auth
  const account = async () => (await parts()).account
  const payments = async () => (await parts()).payments
  const serverAdmin = async () => (await parts()).serverAdmin

  return {
    auth: {
      signUp: async (input) => (await auth()).signUp(input),
      signUpAdmin: async (input) => (await auth()).signUpAdmin(input),
      signIn: async (input) => (await auth()).signIn(input),
      signOut: async (options) => (await auth()).signOut(options),
      currentUser,
      confirmSession: async () => (await auth()).confirmSession(),
      passwordResetBy: async () => (await auth()).passwordResetBy(),
      requestPasswordReset: async (input) => (await auth()).requestPasswordReset(input),
      resetPassword: async (input) => (await auth()).resetPassword(input),
    },
    account: {
      sessions: async () => (await account()).sessions(),
      signOutOthers: async () => (await account()).signOutOthers(),
      changePassword: async (input) => (await account()).changePassword(input),
      exportData: async () => (await account()).exportData(),
      deleteAccount: async (input) => (await account()).deleteAccount(input),
    },
    sync: deferredSync(async () => (await parts()).sync),
    payments: {
      findCoupon: async (typed) => (await payments()).findCoupon(typed),
      options: async () => (await payments()).options(),
      pay: async (order) => (await payments()).pay(order),
      startStripeCheckout: async (order) => (await payments()).startStripeCheckout(order),
    },
    serverAdmin: {
      source: async () => (await serverAdmin()).source(),
      stats: async () => (await serverAdmin()).stats(),
      page: async (tab, query) => (await serverAdmin()).page(tab, query),
      refund: async (subscriptionId) => (await serverAdmin()).refund(subscriptionId),
      recordPayout: async () => (await serverAdmin()).recordPayout(),
      listPayouts: async () => (await serverAdmin()).listPayouts(),
      aiUsage: async (days) => (await serverAdmin()).aiUsage(days),
    },
  }
}
