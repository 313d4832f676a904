// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { formatCents } from '@/domain/money'
import { PLANS } from '@/domain/plans'
import { SignedOutActions } from '@/app/signed-out-actions'
import { LandingPage } from './landing-page'

// jsdom has no matchMedia; the custom cursor asks it whether the pointer is fine.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
  return () => vi.unstubAllGlobals()
})

function renderLanding(signedIn?: boolean) {
  render(
    <LandingPage
      brand={<span>Letterhead</span>}
      actions={signedIn ? null : <SignedOutActions />}
      signedIn={signedIn}
    />,
  )
  const pricing = document.getElementById('pricing')
  if (!pricing) throw new Error('The landing page has no pricing section')
  return pricing
}

/** Each plan's card in the pricing section, found by its name. */
function planCard(pricing: HTMLElement, name: string) {
  const card = within(pricing).getByRole('heading', { name, level: 3 }).closest('li')
  if (!card) throw new Error(`No card for ${name}`)
  return card
}

describe('the pricing section on /', () => {
  it('sits after features and before contact', () => {
    renderLanding()
    const ids = [...document.querySelectorAll('main > section')].map((section) => section.id)
    expect(ids).toEqual(['hero', 'about', 'services', 'features', 'pricing', 'contact'])
  })

  it('shows every plan of the catalogue with its price and features', () => {
    const pricing = renderLanding()
    const names = within(pricing)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(names).toEqual(PLANS.map((plan) => plan.name))
    for (const plan of PLANS) {
      const card = within(planCard(pricing, plan.name))
      expect(card.getByText(formatCents(plan.priceCents))).toBeInTheDocument()
      for (const feature of plan.features) expect(card.getByText(feature)).toBeInTheDocument()
    }
    expect(within(planCard(pricing, 'Annual 4 Letters')).getByText('Most Popular')).toBeVisible()
  })

  it('signed out, sends Select Plan to Sign Up with the plan', () => {
    const pricing = renderLanding()
    const buttons = within(pricing).getAllByRole('link', { name: 'Select Plan' })
    expect(buttons).toHaveLength(PLANS.length)
    for (const plan of PLANS) {
      const button = within(planCard(pricing, plan.name)).getByRole('link', {
        name: 'Select Plan',
      })
      expect(button).toHaveAttribute('href', `/auth?tab=signup&plan=${plan.id}`)
      expect(button).toHaveAccessibleDescription(plan.name)
    }
  })

  it('signed in, sends Select Plan straight to that plan’s checkout', () => {
    const pricing = renderLanding(true)
    for (const plan of PLANS)
      expect(
        within(planCard(pricing, plan.name)).getByRole('link', { name: 'Select Plan' }),
      ).toHaveAttribute('href', `/app?tab=subscription&plan=${plan.id}`)
  })

  it('opens Sign Up from every link that starts something, and Login from Sign In', () => {
    renderLanding()
    // The header's actions appear twice: in the bar and in the phone menu.
    for (const link of screen.getAllByRole('link', { name: 'Get Started', hidden: true }))
      expect(link).toHaveAttribute('href', '/auth?tab=signup')
    for (const link of screen.getAllByRole('link', { name: 'Sign In', hidden: true }))
      expect(link).toHaveAttribute('href', '/auth?tab=login')
    expect(screen.getByRole('link', { name: 'Start a letter' })).toHaveAttribute(
      'href',
      '/auth?tab=signup',
    )
  })
})
