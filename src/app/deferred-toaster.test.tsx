// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { loadToast, toastWanted } from '@/ui/lazy-toast'
import { DeferredToaster } from './deferred-toaster'

// jsdom has no matchMedia; sonner asks it whether the system theme is dark.
beforeAll(() => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  )
})

describe('DeferredToaster', () => {
  it('mounts nothing until a toast is asked for, then shows it', async () => {
    const { container } = render(<DeferredToaster />)
    expect(toastWanted.get()).toBe(false)
    expect(container).toBeEmptyDOMElement()

    const toast = await loadToast()
    toast.success('Letterhead is ready to work offline.')
    expect(await screen.findByText('Letterhead is ready to work offline.')).toBeInTheDocument()
    expect(toastWanted.get()).toBe(true)
  })
})
