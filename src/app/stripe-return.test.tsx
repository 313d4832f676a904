// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { stripeReturnPath } from '@/domain/stripe-return'
import { dashboardSearchSchema } from '@/features/letters/dashboard-view'
import { renderInRouter } from '../../tests/support/render-in-router'
import { RoleDashboardBody } from './role-dashboard'

/** The address Stripe sends the customer back to, read as the dashboard's route reads it. */
const searchOf = (path: string) =>
  dashboardSearchSchema.parse(
    Object.fromEntries(new URL(path, 'https://letterhead.test').searchParams),
  )

async function dashboardAt(path: string) {
  const { repo } = createTestRepository()
  const user = await repo.auth.signUp({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    password: 'password123',
    role: 'user',
  })
  await renderInRouter(
    <RepositoryProvider repository={repo}>
      <RoleDashboardBody user={user} search={searchOf(path)} onSearchChange={() => {}} />
    </RepositoryProvider>,
  )
}

describe("the dashboard at Stripe's return address", () => {
  it('reads the flag beside the tab, and drops one it does not know', () => {
    expect(searchOf(stripeReturnPath('stripe-return'))).toEqual({
      tab: 'subscription',
      checkout: 'stripe-return',
    })
    expect(searchOf('/app/?tab=subscription&checkout=elsewhere')).toEqual({ tab: 'subscription' })
  })

  it('opens the Subscription tab saying what became of the payment', async () => {
    await dashboardAt(stripeReturnPath('stripe-cancel'))
    expect(await screen.findByRole('tabpanel', { name: 'Subscription' })).toBeInTheDocument()
    expect(await screen.findByText('Payment cancelled; nothing was charged.')).toBeInTheDocument()
  })
})
