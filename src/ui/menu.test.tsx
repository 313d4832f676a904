// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MenuButton } from './menu'

const items = [{ key: 'pdf', label: 'PDF (.pdf)', onSelect: () => undefined }]

describe('MenuButton', () => {
  it('tells of intent when the pointer comes over the button, before any click', async () => {
    const onIntent = vi.fn()
    render(<MenuButton label="Download" items={items} onIntent={onIntent} />)
    await userEvent.hover(screen.getByRole('button', { name: 'Download' }))
    expect(onIntent).toHaveBeenCalled()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('tells of intent when the button takes the keyboard focus', async () => {
    const onIntent = vi.fn()
    render(<MenuButton label="Download" items={items} onIntent={onIntent} />)
    await userEvent.tab()
    expect(screen.getByRole('button', { name: 'Download' })).toHaveFocus()
    expect(onIntent).toHaveBeenCalled()
  })
})
