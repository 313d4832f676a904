import { PLAN_IDS } from '@/domain/plans'
import { STRIPE_RETURNS } from '@/domain/stripe-return'
import { z } from '@/lib/zod'

export const USER_TABS = ['generate', 'letters', 'subscription'] as const
export type UserTab = (typeof USER_TABS)[number]

/** The user dashboard's shareable state, kept in the URL's search. */
export const dashboardSearchSchema = z.object({
  tab: z.enum(USER_TABS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  /** Back from Stripe's page, and how: the Subscription tab says what became of the payment. */
  checkout: z.enum(STRIPE_RETURNS).optional().catch(undefined),
  /** Write follow-up: the Generate form starts from this letter, a firmer second letter citing it. */
  followUp: z.uuid().optional().catch(undefined),
  /** A plan chosen on the landing page: its checkout opens, then the URL drops it. */
  plan: z.enum(PLAN_IDS).optional().catch(undefined),
})

export type DashboardSearch = z.output<typeof dashboardSearchSchema>
