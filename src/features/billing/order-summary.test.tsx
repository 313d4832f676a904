// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Toaster } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import { useCheckoutStore } from './checkout-store'
import { PaymentGatewayProvider } from './gateway-context'
import { createTestGateway } from '@/domain/payment/test-gateway'
import { SubscriptionTab } from './subscription-tab'

afterEach(() => useCheckoutStore.getState().reset())

/** A customer at step 1 of buying Single Letter ($299.00); one employee holds `EMPAM0SKP`. */
async function atOrderSummary() {
  const context = createTestRepository(undefined, { drawCouponCode: () => 'EMPAM0SKP' })
  const { repo } = context
  const employee = await repo.auth.signUp({
    fullName: 'Em Ployee',
    email: 'em@example.com',
    password: 'password123',
    role: 'employee',
  })
  const customer = await repo.auth.signUp({
    fullName: 'Cus Tomer',
    email: 'cus@example.com',
    password: 'password123',
    role: 'user',
  })
  const lookups = vi.spyOn(repo.payments, 'findCoupon')
  useCheckoutStore.getState().selectPlan(customer.id, 'single')
  render(
    <RepositoryProvider repository={repo}>
      <PaymentGatewayProvider gateway={createTestGateway({ delayMs: 0 })}>
        <SubscriptionTab userId={customer.id} />
      </PaymentGatewayProvider>
      <Toaster />
    </RepositoryProvider>,
  )
  await screen.findByRole('heading', { name: 'Order Summary' })
  return { ...context, employee, lookups, user: userEvent.setup() }
}

const couponField = () => screen.getByLabelText<HTMLInputElement>('Coupon Code')
const continueButton = () => screen.getByRole('button', { name: 'Continue to Payment' })
const couponForm = () => screen.getByRole('form', { name: 'Coupon' })

describe('Continue to Payment with a coupon code typed but not applied', () => {
  it('applies it first and goes on to payment at the discounted price', async () => {
    const { user } = await atOrderSummary()
    await user.type(couponField(), '  empam0skp ')
    await user.click(continueButton())

    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Pay $239.20' })).toBeInTheDocument()
    expect(await screen.findByText('Coupon applied! 20% discount activated')).toBeInTheDocument()
    expect(useCheckoutStore.getState().coupon?.code).toBe('EMPAM0SKP')
  })

  it('pays the employee their commission for the code that was only typed', async () => {
    const { user, db, employee } = await atOrderSummary()
    await user.type(couponField(), 'EMPAM0SKP')
    await user.click(continueButton())
    await screen.findByRole('heading', { name: 'Payment' })

    await user.type(screen.getByLabelText('Card Number'), '4242424242424242')
    await user.type(screen.getByLabelText('Expiry Date'), '1234')
    await user.type(screen.getByLabelText('CVV'), '123')
    await user.type(screen.getByLabelText('Cardholder Name'), 'Cus Tomer')
    await user.type(screen.getByLabelText('Billing Address'), '1 Main Street')
    await user.type(screen.getByLabelText('City'), 'Springfield')
    await user.type(screen.getByLabelText('ZIP Code'), '12345')
    await user.click(screen.getByRole('button', { name: 'Pay $239.20' }))

    expect(await screen.findByRole('heading', { name: 'Payment Successful' })).toBeInTheDocument()
    const [subscription] = await db.subscriptions.toArray()
    expect(subscription).toMatchObject({ priceCents: 23_920, couponCode: 'EMPAM0SKP' })
    expect(await db.users.get(employee.id)).toMatchObject({ referrals: 1, earningsCents: 1_196 })
  })

  it('starts the person at the next step’s heading once the button that led there is gone', async () => {
    const { user } = await atOrderSummary()
    await user.click(continueButton())

    const heading = await screen.findByRole('heading', { name: 'Payment', level: 2 })
    await vi.waitFor(() => expect(heading).toHaveFocus())
  })

  it('applies a code typed with the letter O for the digit 0', async () => {
    const { user } = await atOrderSummary()
    await user.type(couponField(), 'EMPAMOSKP')
    await user.click(continueButton())

    expect(await screen.findByRole('button', { name: 'Pay $239.20' })).toBeInTheDocument()
    expect(useCheckoutStore.getState().coupon?.code).toBe('EMPAM0SKP')
  })

  it('stays when the code is wrong: the Apply message beside the field, the text kept, focus on it', async () => {
    const { user } = await atOrderSummary()
    await user.type(couponField(), 'EMPNOPE23')
    await user.click(continueButton())

    // The alert region may be drawn a moment before its words.
    await vi.waitFor(() =>
      expect(within(couponForm()).getByRole('alert')).toHaveTextContent(
        ERROR_MESSAGES.INVALID_COUPON,
      ),
    )
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid coupon code')
    expect(couponField()).toHaveValue('EMPNOPE23')
    expect(couponField()).toHaveFocus()
    expect(screen.getByRole('heading', { name: 'Order Summary' })).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument()
    expect(screen.getByTestId('order-total')).toHaveTextContent('$299.00')
    expect(useCheckoutStore.getState().step).toBe('summary')
  })

  it('shows the same message as Apply for the same wrong code', async () => {
    const { user } = await atOrderSummary()
    await user.type(couponField(), 'EMPNOPE23')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    // The alert region may be drawn a moment before its words.
    const alert = await within(couponForm()).findByRole('alert')
    await vi.waitFor(() => expect(alert.textContent).not.toBe(''))
    const fromApply = alert.textContent

    await user.click(continueButton())
    await vi.waitFor(() => expect(couponField()).toHaveFocus())
    await vi.waitFor(() =>
      expect(within(couponForm()).getByRole('alert').textContent).toBe(fromApply),
    )
  })

  it('goes on at the list price with the field empty, asking nothing', async () => {
    const { user, lookups } = await atOrderSummary()
    await user.click(continueButton())

    expect(await screen.findByRole('button', { name: 'Pay $299.00' })).toBeInTheDocument()
    expect(lookups).not.toHaveBeenCalled()
  })

  it('does not look the code up again once it is applied, and shows it on coming back', async () => {
    const { user, lookups } = await atOrderSummary()
    await user.type(couponField(), 'empam0skp')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    await screen.findByRole('button', { name: 'Remove' })
    await user.click(continueButton())
    await screen.findByRole('button', { name: 'Pay $239.20' })
    expect(lookups).toHaveBeenCalledTimes(1)

    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByLabelText('Coupon Code')).toHaveValue('EMPAM0SKP')
    expect(screen.getByTestId('order-total')).toHaveTextContent('$239.20')
  })
})
