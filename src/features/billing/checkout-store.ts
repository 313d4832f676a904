import { create } from 'zustand'
import type { PlanId } from '@/domain/plans'

export type CheckoutStep = 'summary' | 'payment' | 'success'

export type AppliedCoupon = { code: string }

export type Receipt = { amountCents: number; cardBrand: string; cardLast4: string; letters: number }

type CheckoutState = {
  /** Whose checkout this is: a different person signing in starts afresh. */
  userId: string | null
  planId: PlanId | null
  step: CheckoutStep
  coupon: AppliedCoupon | null
  receipt: Receipt | null
  selectPlan: (userId: string, planId: PlanId) => void
  applyCoupon: (coupon: AppliedCoupon) => void
  removeCoupon: () => void
  continueToPayment: () => void
  back: () => void
  succeed: (receipt: Receipt) => void
  reset: () => void
}

const EMPTY = { userId: null, planId: null, step: 'summary', coupon: null, receipt: null } as const

/** The checkout wizard's UI state; card details stay in the form and never reach it. */
export const useCheckoutStore = create<CheckoutState>()((set) => ({
  ...EMPTY,
  selectPlan: (userId, planId) => set({ ...EMPTY, userId, planId }),
  applyCoupon: (coupon) => set({ coupon }),
  removeCoupon: () => set({ coupon: null }),
  continueToPayment: () => set({ step: 'payment' }),
  back: () => set((state) => (state.step === 'payment' ? { step: 'summary' } : { ...EMPTY })),
  succeed: (receipt) => set({ step: 'success', receipt }),
  reset: () => set({ ...EMPTY }),
}))
