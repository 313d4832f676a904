// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { within } from '@testing-library/react'
import { deferredRepository } from '@/data/deferred-repository'
import type { Repository } from '@/data/repository'
import { SUBMIT_ASKED_ATTRIBUTE } from '@/features/marketing/contact-form'
import { DeferredToaster } from '../deferred-toaster'
import { handOverLink } from './hand-over-link'
import { LandingRoot } from './landing-root'
import { renderLanding } from '../../../build/landing-markup'
import {
  dropPrerenderedLanding,
  hasPrerenderedLanding,
  LIVE_ATTRIBUTE,
  markLiveOnceReplaced,
  onceDrawnInto,
  PRERENDERED_ATTRIBUTE,
} from './prerendered'

// jsdom has no matchMedia; the theme and the custom cursor ask it about the screen.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }))
  return () => vi.unstubAllGlobals()
})

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
})

/** index.html's #root as the build leaves it. */
function prerenderedRoot(): HTMLElement {
  const container = document.createElement('div')
  container.id = 'root'
  container.setAttribute(PRERENDERED_ATTRIBUTE, '')
  container.innerHTML = renderLanding()
  document.body.append(container)
  return container
}

describe('the prerendered landing page', () => {
  it('is the page itself, with nothing React hoisted before it and no inline style', () => {
    const markup = renderLanding()
    expect(markup).toMatch(/^<div data-landing="true"/)
    // The Content-Security-Policy refuses style attributes in markup (decision 009).
    expect(markup).not.toMatch(/\sstyle="/)
  })

  it('hydrates as it is: the same nodes, no mismatch reported', async () => {
    const container = prerenderedRoot()
    const heading = container.querySelector('h1')
    const signUp = container.querySelector('a[href="/auth?tab=signup"]')
    const mismatches = vi.fn()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const enter = vi.fn()
    await act(async () => {
      root = hydrateRoot(
        container,
        <LandingRoot
          repository={deferredRepository(() => Promise.reject(new Error('not in this test')))}
          renderLink={handOverLink({ preload: () => undefined, enter })}
          browserOnly={<DeferredToaster />}
        />,
        { onRecoverableError: mismatches },
      )
      await Promise.resolve()
    })
    expect(mismatches).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    expect(container.querySelector('h1')).toBe(heading)
    expect(heading).toHaveTextContent('Letters that carry weight.')
    // Hydrated, the links hand the page over to the app instead of reloading it.
    act(() => (signUp as HTMLAnchorElement).click())
    expect(enter).toHaveBeenCalledWith('/auth?tab=signup')
  })

  it('holds the account links in a part that waits until nobody is known to be signed in', () => {
    const container = prerenderedRoot()
    const waiting = container.querySelectorAll('[data-visitor-actions]')
    // The header's and the phone menu's.
    expect(waiting).toHaveLength(2)
    for (const part of waiting)
      expect(part.querySelector('a[href="/auth?tab=login"]')).not.toBeNull()
  })

  it('answers a Send made before it was hydrated, with what was typed', async () => {
    const container = prerenderedRoot()
    const form = container.querySelector<HTMLFormElement>('form[aria-label="Contact"]')
    const name = form?.querySelector<HTMLInputElement>('input[name="name"]')
    if (!form || !name) throw new Error('no contact form in the prerendered page')
    // What public/theme-init.js does with a submit the app is not there to take.
    name.value = 'Ada Lovelace'
    form.setAttribute(SUBMIT_ASKED_ATTRIBUTE, '')
    const create = vi.fn(() => Promise.resolve({}))
    await act(async () => {
      root = hydrateRoot(
        container,
        <LandingRoot
          repository={deferredRepository(() =>
            Promise.resolve({ messages: { create } } as unknown as Repository),
          )}
          renderLink={handOverLink({ preload: () => undefined, enter: () => undefined })}
          browserOnly={<DeferredToaster />}
        />,
      )
      await Promise.resolve()
    })
    // The form library takes the form over (a new form element) and checks what was sent.
    const page = within(container)
    expect(await page.findByText('Email is required', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(page.queryByText('Name is required')).toBeNull()
    expect(page.getByLabelText('Name')).toHaveValue('Ada Lovelace')
    expect(create).not.toHaveBeenCalled()
    expect(container.querySelector(`[${SUBMIT_ASKED_ATTRIBUTE}]`)).toBeNull()
  })

  it('is marked live once the app has replaced it, and not before', async () => {
    const container = prerenderedRoot()
    markLiveOnceReplaced(container)
    container.setAttribute('class', 'touched')
    // A change inside the prerendered page is not the app drawing.
    container.querySelector('main')?.append(document.createElement('div'))
    await Promise.resolve()
    expect(container.hasAttribute(LIVE_ATTRIBUTE)).toBe(false)
    container.replaceChildren(document.createElement('main'))
    await Promise.resolve()
    expect(container.hasAttribute(LIVE_ATTRIBUTE)).toBe(true)
  })

  it('with a test of what counts as drawn, waits for it anywhere inside', async () => {
    const container = document.createElement('div')
    const then = vi.fn()
    onceDrawnInto(container, then, () => container.querySelector('form') !== null)
    container.append(document.createElement('main'))
    await Promise.resolve()
    expect(then).not.toHaveBeenCalled()
    container.firstElementChild?.append(document.createElement('form'))
    await Promise.resolve()
    expect(then).toHaveBeenCalledOnce()
  })

  it('is dropped by any other page, which then starts on an empty root', () => {
    const container = prerenderedRoot()
    expect(hasPrerenderedLanding(container)).toBe(true)
    dropPrerenderedLanding(container)
    expect(hasPrerenderedLanding(container)).toBe(false)
    expect(container.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false)
    expect(container.childNodes).toHaveLength(0)
  })
})
