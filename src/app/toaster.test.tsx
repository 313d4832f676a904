// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PHONE_QUERY } from '@/ui/use-media-query'
import { Toaster } from './toaster'

/** A window whose width can change: matchMedia answers the phone query from it. */
function fakeWindow(initialPhone: boolean) {
  let phone = initialPhone
  type Listener = (event: { matches: boolean }) => void
  const listeners = new Map<Listener, string>()
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === PHONE_QUERY ? phone : false
      },
      media: query,
      addEventListener: (_type: string, listener: Listener) => listeners.set(listener, query),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
    })),
  )
  return {
    resize(nextPhone: boolean) {
      phone = nextPhone
      act(() => {
        for (const [listener, query] of listeners) {
          listener({ matches: query === PHONE_QUERY ? phone : false })
        }
      })
    },
  }
}

const toaster = () => document.querySelector<HTMLElement>('[data-sonner-toaster]')

afterEach(() => {
  act(() => {
    toast.dismiss()
  })
  vi.unstubAllGlobals()
})

async function showToast() {
  act(() => {
    toast.success('Letter saved.')
  })
  expect(await screen.findByText('Letter saved.')).toBeInTheDocument()
}

describe('Toaster', () => {
  it('puts toasts at the bottom on a phone, clear of the header', async () => {
    fakeWindow(true)
    render(<Toaster />)
    await showToast()
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom')
    expect(toaster()).toHaveAttribute('data-x-position', 'center')
    expect(toaster()?.style.getPropertyValue('--mobile-offset-bottom')).toBe('16px')
  })

  it('keeps them top-right on a desktop, and follows the window across the breakpoint', async () => {
    const window = fakeWindow(false)
    render(<Toaster />)
    await showToast()
    expect(toaster()).toHaveAttribute('data-y-position', 'top')
    expect(toaster()).toHaveAttribute('data-x-position', 'right')

    window.resize(true)
    expect(toaster()).toHaveAttribute('data-y-position', 'bottom')
    window.resize(false)
    expect(toaster()).toHaveAttribute('data-y-position', 'top')
  })
})
