// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { AppLink, AppLinkProvider } from '@/ui/app-link'
import { handOverLink } from './hand-over-link'

function renderLink(onClick?: () => void) {
  const preload = vi.fn()
  const enter = vi.fn()
  render(
    <AppLinkProvider value={handOverLink({ preload, enter })}>
      <AppLink to="/auth" className="button" onClick={onClick}>
        Get Started
      </AppLink>
    </AppLinkProvider>,
  )
  return { preload, enter, link: screen.getByRole('link', { name: 'Get Started' }) }
}

describe('the landing page link that hands over to the app', () => {
  it('is a real link to the page', () => {
    const { link } = renderLink()
    expect(link).toHaveAttribute('href', '/auth')
    expect(link).toHaveClass('button')
  })

  it('starts loading the app when the pointer comes over it or it is focused', () => {
    const { preload, enter, link } = renderLink()
    fireEvent.pointerEnter(link)
    fireEvent.focus(link)
    expect(preload).toHaveBeenCalledTimes(2)
    expect(enter).not.toHaveBeenCalled()
  })

  it('hands over on a plain click instead of letting the browser load the page', () => {
    const { enter, link } = renderLink()
    const followed = fireEvent.click(link, { button: 0 })
    expect(followed).toBe(false) // the default was prevented
    expect(enter).toHaveBeenCalledWith('/auth')
  })

  it('leaves a click asking for a new tab or window to the browser', () => {
    const { enter, link } = renderLink()
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey', 'altKey'])
      expect(fireEvent.click(link, { button: 0, [modifier]: true })).toBe(true)
    expect(fireEvent.click(link, { button: 1 })).toBe(true)
    expect(enter).not.toHaveBeenCalled()
  })

  it('carries the search into the link and the hand-over', () => {
    const enter = vi.fn()
    render(
      <AppLinkProvider value={handOverLink({ preload: vi.fn(), enter })}>
        <AppLink to="/auth" search={{ tab: 'signup', plan: 'annual8' }}>
          Select Plan
        </AppLink>
      </AppLinkProvider>,
    )
    const link = screen.getByRole('link', { name: 'Select Plan' })
    expect(link).toHaveAttribute('href', '/auth?tab=signup&plan=annual8')
    fireEvent.click(link, { button: 0 })
    expect(enter).toHaveBeenCalledWith('/auth?tab=signup&plan=annual8')
  })

  it('runs the caller’s own click handler too', () => {
    const onClick = vi.fn()
    const { enter, link } = renderLink(onClick)
    fireEvent.click(link, { button: 0 })
    expect(onClick).toHaveBeenCalledOnce()
    expect(enter).toHaveBeenCalledOnce()
  })
})
