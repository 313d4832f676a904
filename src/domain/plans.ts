import { AppError } from './errors'

export const PLAN_IDS = ['single', 'annual4', 'annual8'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export type Plan = {
  id: PlanId
  name: string
  priceCents: number
  letters: number
  /** Days until the plan's letters expire; null when they never do. */
  validityDays: number | null
  description: string
  features: string[]
  popular: boolean
}

/** The one price list: every page that shows a price reads it. */
export const PLANS: readonly Plan[] = [
  {
    id: 'single',
    name: 'Single Letter',
    priceCents: 29_900,
    letters: 1,
    validityDays: null,
    description: 'One professionally formatted legal letter.',
    features: ['1 letter', 'TXT, PDF and DOCX download', 'Works offline'],
    popular: false,
  },
  {
    id: 'annual4',
    name: 'Annual 4 Letters',
    priceCents: 29_900,
    letters: 4,
    validityDays: 365,
    description: 'Four letters to use over a year.',
    features: ['4 letters a year', 'TXT, PDF and DOCX download', 'Works offline'],
    popular: true,
  },
  {
    id: 'annual8',
    name: 'Annual 8 Letters',
    priceCents: 59_900,
    letters: 8,
    validityDays: 365,
    description: 'Eight letters a year for busy practices.',
    features: ['8 letters a year', 'Custom branding', 'Priority processing'],
    popular: false,
  },
]

export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id)
}

export function requirePlan(id: string): Plan {
  const plan = findPlan(id)
  if (!plan) throw new AppError('INVALID_PLAN')
  return plan
}

export function planExpiry(plan: Plan, purchasedAt: Date): string | null {
  if (plan.validityDays === null) return null
  return new Date(purchasedAt.getTime() + plan.validityDays * 86_400_000).toISOString()
}
