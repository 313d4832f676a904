// @vitest-environment jsdom
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRouterLink } from '@/app/router-app-link'
import { RepositoryProvider } from '@/data/repository-context'
import { createTestRepository } from '@/data/test-support'
import { routeTree } from '@/routeTree.gen'
import { AppLinkProvider } from '@/ui/app-link'
import { useCheckoutStore } from '@/features/billing/checkout-store'
import { currentSessionUser, useSessionStore } from '@/features/auth/session-store'

// The service worker's prompts need the PWA plugin's virtual module, which only the build has.
vi.mock('@/pwa/service-worker-prompts', () => ({ ServiceWorkerPrompts: () => null }))

/** The app's own routes on a memory history, opened at `path`. */
async function openApp(path: string) {
  const { repo } = createTestRepository()
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createRouter({
    routeTree,
    history,
    context: { repository: repo, currentUser: currentSessionUser },
  })
  await router.load()
  render(
    <RepositoryProvider repository={repo}>
      <AppLinkProvider value={renderRouterLink}>
        <RouterProvider router={router} />
      </AppLinkProvider>
    </RepositoryProvider>,
  )
  return { router, history, repo, user: userEvent.setup() }
}

const level1Headings = () => screen.getAllByRole('heading', { level: 1 })

// jsdom has no matchMedia; the theme and the landing page's cursor ask it about the screen.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }))
})

afterEach(() => {
  vi.unstubAllGlobals()
  useSessionStore.getState().setUser(null)
  useCheckoutStore.getState().reset()
})

describe('the auth page', () => {
  it('opens Login by default, with one level-one heading', async () => {
    await openApp('/auth')
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(level1Headings().map((heading) => heading.textContent)).toEqual([
      'Sign in to Letterhead',
    ])
  })

  it('opens the tab the URL names, its heading following', async () => {
    await openApp('/auth?tab=signup')
    expect(await screen.findByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument()
    expect(level1Headings().map((heading) => heading.textContent)).toEqual([
      'Create your Letterhead account',
    ])
  })

  it('reads an unknown tab as Login', async () => {
    await openApp('/auth?tab=register')
    expect(await screen.findByRole('tab', { name: 'Login' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
  })

  it('writes the tab into the URL when switched, replacing the entry rather than adding one', async () => {
    const { router, history, user } = await openApp('/auth?tab=login&plan=annual4')
    const entriesBefore = history.length
    await user.click(await screen.findByRole('tab', { name: 'Sign Up' }))
    expect(router.state.location.search).toEqual({ tab: 'signup', plan: 'annual4' })
    expect(level1Headings()).toHaveLength(1)
    expect(level1Headings()[0]).toHaveTextContent('Create your Letterhead account')
    await user.click(screen.getByRole('tab', { name: 'Login' }))
    expect(router.state.location.search).toEqual({ tab: 'login', plan: 'annual4' })
    expect(history.length).toBe(entriesBefore)
  })

  it('after Create Account with a plan chosen, opens that plan’s checkout', async () => {
    const { router, user } = await openApp('/auth?tab=signup&plan=annual8')
    await user.type(await screen.findByLabelText('Full Name'), 'Ada Lovelace')
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'long password')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))
    const panel = await screen.findByRole('tabpanel', { name: 'Subscription' }, { timeout: 4000 })
    expect(
      await within(panel).findByRole('heading', { name: 'Order Summary' }, { timeout: 4000 }),
    ).toBeInTheDocument()
    expect(within(panel).getAllByText('Annual 8 Letters').length).toBeGreaterThan(0)
    // The plan has done its work: the URL no longer carries it, so a reload does not restart checkout.
    expect(router.state.location.pathname).toMatch(/^\/app\/?$/)
    expect(router.state.location.search).toEqual({ tab: 'subscription' })
  })
})
