// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { MobileMenu } from './mobile-menu'

function renderMenu() {
  render(
    <>
      <MobileMenu
        links={[
          { id: 'about', label: 'About' },
          { id: 'contact', label: 'Contact' },
        ]}
        actions={<a href="/auth">Sign In</a>}
        active={null}
      />
      <a href="#hero">Start a letter</a>
    </>,
  )
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Menu' }) }
}

describe('mobile menu', () => {
  it('opens, closes on Escape and gives focus back to its button', async () => {
    const { user, button } = renderMenu()
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'About' })).not.toBeInTheDocument()
    await user.click(button)
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    expect(screen.getByRole('link', { name: 'About' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveFocus()
  })

  it('closes when a link is chosen', async () => {
    const { user, button } = renderMenu()
    await user.click(button)
    await user.click(screen.getByRole('link', { name: 'Contact' }))
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes when the keyboard moves on past its last link', async () => {
    const { user, button } = renderMenu()
    await user.click(button)
    await user.tab()
    await user.tab({ shift: true })
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await user.tab()
    await user.tab()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Start a letter' })).toHaveFocus()
    expect(button).toHaveAttribute('aria-expanded', 'false')
  })
})
