import { PLAN_IDS } from '@/domain/plans'
import { z } from '@/lib/zod'

export const AUTH_TABS = ['login', 'signup'] as const
export type AuthTab = (typeof AUTH_TABS)[number]

/**
 * The page's other views: asking for a reset link (`forgot`), and the page a
 * reset link opens (`reset`, its token in the URL's fragment, never sent to a server).
 */
export const AUTH_VIEWS = ['forgot', 'reset'] as const
export type AuthView = (typeof AUTH_VIEWS)[number]

/**
 * The auth page's search: which tab is open (so Sign In and Get Started can
 * link to theirs), where to go after, and the plan chosen on the landing page.
 * Anything unknown falls back rather than failing: a mistyped link still opens the page.
 */
export const authSearchSchema = z.object({
  redirect: z.string().optional(),
  tab: z.enum(AUTH_TABS).optional().catch(undefined),
  plan: z.enum(PLAN_IDS).optional().catch(undefined),
  view: z.enum(AUTH_VIEWS).optional().catch(undefined),
})

export type AuthSearch = z.output<typeof authSearchSchema>

/** The tab a search opens: Login unless it asks for Sign Up. */
export const authTabOf = (search: AuthSearch): AuthTab => search.tab ?? 'login'

/** The page's one level-one heading, naming what the open tab does. */
export const AUTH_HEADINGS: Record<AuthTab, string> = {
  login: 'Sign in to Letterhead',
  signup: 'Create your Letterhead account',
}

/**
 * Where someone goes once signed in: a plan chosen on the landing page opens
 * straight at its checkout on the Subscription tab; otherwise the page they were sent from.
 */
export function afterSignInHref(search: AuthSearch, safe: (target?: string) => string): string {
  if (search.plan) return `/app?tab=subscription&plan=${search.plan}`
  return safe(search.redirect)
}

/** A reset link's token, from the URL's fragment (`#token=…`); empty when there is none. */
export function tokenOf(fragment: string): string {
  return new URLSearchParams(fragment.replace(/^#/, '')).get('token') ?? ''
}
