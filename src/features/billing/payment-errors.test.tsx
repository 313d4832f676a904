// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import { createTestGateway } from '@/domain/payment/test-gateway'
import { useCheckoutStore } from './checkout-store'
import { PaymentGatewayProvider } from './gateway-context'
import { SubscriptionTab } from './subscription-tab'

afterEach(() => useCheckoutStore.getState().reset())

/** A customer on the Payment step of Single Letter, on a fresh database. */
async function atPayment() {
  const { repo } = createTestRepository()
  const customer = await repo.auth.signUp({
    fullName: 'Cus Tomer',
    email: 'cus@example.com',
    password: 'password123',
    role: 'user',
  })
  useCheckoutStore.getState().selectPlan(customer.id, 'single')
  render(
    <RepositoryProvider repository={repo}>
      <PaymentGatewayProvider gateway={createTestGateway({ delayMs: 0 })}>
        <SubscriptionTab userId={customer.id} />
      </PaymentGatewayProvider>
    </RepositoryProvider>,
  )
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Continue to Payment' }))
  await screen.findByRole('heading', { name: 'Payment' })
  return { repo, customer, user }
}

describe('a payment error', () => {
  it('goes once the field it is about is edited, and not before', async () => {
    const { repo, user } = await atPayment()
    await user.type(screen.getByLabelText('Card Number'), '4242424242424242')
    await user.type(screen.getByLabelText('Expiry Date'), '0120')
    await user.type(screen.getByLabelText('CVV'), '123')
    await user.type(screen.getByLabelText('Cardholder Name'), 'Cus Tomer')
    await user.click(screen.getByRole('button', { name: /^Pay / }))
    const alert = screen.getByRole('alert')
    expect(await screen.findByText(ERROR_MESSAGES.CARD_EXPIRED)).toBeInTheDocument()

    // Another field's edit leaves the message about the expiry in place.
    await user.type(screen.getByLabelText('CVV'), '4')
    expect(alert).toHaveTextContent(ERROR_MESSAGES.CARD_EXPIRED)

    await user.clear(screen.getByLabelText('Expiry Date'))
    expect(alert).toHaveTextContent('')
    await user.type(screen.getByLabelText('Expiry Date'), '1299')
    expect(alert).toHaveTextContent('')
    expect((await repo.subscriptions.entitlements()).credits).toHaveLength(0)
  })
})
