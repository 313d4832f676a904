// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PaymentsRepository, Repository } from '@/data/repository'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository, SAMPLE_LETTER } from '@/data/test-support'
import type { StripeReturn } from '@/domain/stripe-return'
import { AppError, ERROR_MESSAGES } from '@/domain/errors'
import { attemptKeyFor } from './checkout-attempt'
import { useCheckoutStore } from './checkout-store'
import { StripeRedirectProvider } from './stripe-redirect'
import { SubscriptionTab } from './subscription-tab'
import { STRIPE_PATIENCE_MS } from './stripe-return-note'

/** The Subscription tab when the server's gateway is Stripe (decision 026), and the way back. */

const PAGE = 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3'

afterEach(() => {
  useCheckoutStore.getState().reset()
  localStorage.clear()
})

/** A customer whose payments go through Stripe: the server's part answers Stripe's page. */
async function stripeCustomer() {
  const context = createTestRepository(undefined, { drawCouponCode: () => 'EMPAM0SKP' })
  await context.repo.auth.signUp({
    fullName: 'Em Ployee',
    email: 'em@example.com',
    password: 'password123',
    role: 'employee',
  })
  const customer = await context.repo.auth.signUp({
    fullName: 'Cus Tomer',
    email: 'cus@example.com',
    password: 'password123',
    role: 'user',
  })
  const startStripeCheckout = vi.fn<PaymentsRepository['startStripeCheckout']>(() =>
    Promise.resolve({ checkoutUrl: PAGE }),
  )
  const pay = vi.fn(() => Promise.reject(new Error('a card checkout with the Stripe gateway')))
  const repo: Repository = {
    ...context.repo,
    payments: {
      ...context.repo.payments,
      options: () => Promise.resolve({ gateway: 'stripe' }),
      pay,
      startStripeCheckout,
    },
  }
  return { ...context, repo, customer, startStripeCheckout, pay }
}

function renderTab(
  repo: Repository,
  userId: string,
  redirect: (url: string) => void,
  stripeReturn?: StripeReturn,
) {
  return render(
    <RepositoryProvider repository={repo}>
      <StripeRedirectProvider redirect={redirect}>
        <SubscriptionTab userId={userId} stripeReturn={stripeReturn} />
      </StripeRedirectProvider>
      <Toaster />
    </RepositoryProvider>,
  )
}

/** At step 2 for Annual 4 Letters with the employee's code: $239.20. */
async function atPayment() {
  const context = await stripeCustomer()
  const redirect = vi.fn()
  useCheckoutStore.getState().selectPlan(context.customer.id, 'annual4')
  const view = renderTab(context.repo, context.customer.id, redirect)
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText('Coupon Code'), 'EMPAM0SKP')
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }))
  await screen.findByRole('heading', { name: 'Payment' })
  return { ...context, redirect, user, view }
}

describe('the Payment step with the Stripe gateway', () => {
  it('asks for no card and says the card is entered on Stripe’s page', async () => {
    await atPayment()
    expect(await screen.findByRole('button', { name: 'Pay $239.20' })).toBeEnabled()
    expect(
      screen.getByText(
        'You will enter your card on Stripe’s secure page; your plan is added as soon as Stripe confirms the payment.',
      ),
    ).toBeInTheDocument()
    for (const label of ['Card Number', 'Expiry Date', 'CVV', 'Cardholder Name', 'ZIP Code']) {
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument()
    }
  })

  it('starts the checkout under the attempt’s key and sends the browser to Stripe’s page', async () => {
    const { user, customer, startStripeCheckout, pay, redirect } = await atPayment()
    const pressPay = await screen.findByRole('button', { name: 'Pay $239.20' })
    await user.click(pressPay)

    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(PAGE))
    const key = attemptKeyFor({ userId: customer.id, planId: 'annual4', couponCode: 'EMPAM0SKP' })
    expect(startStripeCheckout).toHaveBeenCalledExactlyOnceWith({
      plan: 'annual4',
      couponCode: 'EMPAM0SKP',
      idempotencyKey: key,
    })
    expect(pay).not.toHaveBeenCalled()
    // The page is leaving: Pay stays busy, so a second press starts nothing.
    expect(pressPay).toBeDisabled()
    expect(screen.getByRole('status')).toHaveTextContent('Opening Stripe’s secure page…')
  })

  it('says why when the checkout is refused, and tries again under the same key', async () => {
    const { user, startStripeCheckout, redirect } = await atPayment()
    startStripeCheckout.mockRejectedValueOnce(new AppError('PAYMENT_PROVIDER_UNAVAILABLE'))
    await user.click(await screen.findByRole('button', { name: 'Pay $239.20' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.PAYMENT_PROVIDER_UNAVAILABLE,
    )
    expect(redirect).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'Pay $239.20' }))
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith(PAGE))
    const [first, second] = startStripeCheckout.mock.calls.map(([order]) => order)
    expect(second).toEqual(first)
  })
  it('shows the purchase when the attempt was already paid (in another tab), with no page to open', async () => {
    const { user, repo, startStripeCheckout, redirect } = await atPayment()
    const subscription = await repo.subscriptions.create({ plan: 'annual4' })
    startStripeCheckout.mockResolvedValueOnce({
      subscription,
      amountCents: 23_920,
      cardBrand: 'Card',
      cardLast4: '',
    })
    await user.click(await screen.findByRole('button', { name: 'Pay $239.20' }))
    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()
    expect(
      screen.getByText(/\$239\.20 paid\. Annual 4 Letters adds 4 letters\./),
    ).toBeInTheDocument()
    expect(redirect).not.toHaveBeenCalled()
  })
})

describe('the Payment step before the server has said how it takes payment', () => {
  it('offline, asks for nothing and says why, then asks again once back online', async () => {
    const context = await stripeCustomer()
    let online = false
    const repo: Repository = {
      ...context.repo,
      payments: {
        ...context.repo.payments,
        options: () =>
          online
            ? Promise.resolve({ gateway: 'stripe' })
            : Promise.reject(new AppError('CHECKOUT_NEEDS_CONNECTION')),
      },
    }
    useCheckoutStore.getState().selectPlan(context.customer.id, 'single')
    renderTab(repo, context.customer.id, vi.fn())
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }))

    expect(await screen.findByRole('alert')).toHaveTextContent(
      ERROR_MESSAGES.CHECKOUT_NEEDS_CONNECTION,
    )
    expect(screen.queryByLabelText('Card Number')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument()

    online = true
    window.dispatchEvent(new Event('online'))
    expect(await screen.findByRole('button', { name: 'Pay $299.00' })).toBeEnabled()
    expect(screen.queryByLabelText('Card Number')).not.toBeInTheDocument()
  })
})

describe('back from Stripe’s page', () => {
  it('after cancelling there, says nothing was charged', async () => {
    const { repo, customer } = await stripeCustomer()
    renderTab(repo, customer.id, vi.fn(), 'stripe-cancel')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Payment cancelled; nothing was charged.',
    )
  })

  it('says what may have happened when Stripe has not confirmed after a minute', async () => {
    const { repo, customer } = await stripeCustomer()
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      renderTab(repo, customer.id, vi.fn(), 'stripe-return')
      const note = await screen.findByRole('status')
      expect(note).toHaveTextContent('Waiting for Stripe to confirm your payment…')
      expect(note).not.toHaveTextContent('has not confirmed')
      await act(() => vi.advanceTimersByTimeAsync(STRIPE_PATIENCE_MS))
      expect(screen.getByRole('status')).toHaveTextContent(
        'Stripe has not confirmed it yet. If you paid, your letters appear here as soon as it does',
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('after paying, waits for the purchase to arrive by sync, then says what it added', async () => {
    const { repo, customer, db } = await stripeCustomer()
    // A purchase from before leaving is not the one awaited.
    await repo.subscriptions.create({ plan: 'single' })
    useCheckoutStore.getState().selectPlan(customer.id, 'annual4')
    const before = renderTab(repo, customer.id, vi.fn())
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }))
    await user.click(await screen.findByRole('button', { name: 'Pay $299.00' }))
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay $299.00' })).toBeDisabled(),
    )
    const key = attemptKeyFor({ userId: customer.id, planId: 'annual4', couponCode: null })
    // Stripe's page, then back: the app starts again on the address Stripe returns to.
    before.unmount()
    useCheckoutStore.getState().reset()
    const back = renderTab(repo, customer.id, vi.fn(), 'stripe-return')
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Waiting for Stripe to confirm your payment…',
    )
    expect(await screen.findByTestId('letters-left')).toHaveTextContent('1')

    // The sync pull brings the purchase Stripe's webhook wrote on the server.
    await repo.subscriptions.create({ plan: 'annual4' })
    expect(await screen.findByText('Payment received: 4 letters added.')).toBeInTheDocument()
    expect(screen.getByTestId('letters-left')).toHaveTextContent('5')
    // That attempt is over (once the note's effect has run): the next purchase is a new one.
    await vi.waitFor(() =>
      expect(attemptKeyFor({ userId: customer.id, planId: 'annual4', couponCode: null })).not.toBe(
        key,
      ),
    )

    // Shown again later (a reload, Back in history), it still says so, letters spent or not.
    back.unmount()
    for (let letter = 0; letter < 4; letter++) await repo.letters.create(SAMPLE_LETTER)
    renderTab(repo, customer.id, vi.fn(), 'stripe-return')
    expect(await screen.findByText('Payment received: 4 letters added.')).toBeInTheDocument()
    expect(await screen.findByTestId('letters-left')).toHaveTextContent('1')
    expect(await db.subscriptions.count()).toBe(2)
  })
})
