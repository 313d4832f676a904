// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ANNOUNCE_PAUSE_MS } from './character-counter'
import { TextField } from './text-field'
import { TextareaField } from './textarea-field'

const announcement = (container: HTMLElement) =>
  container.querySelector('[aria-live="polite"]')?.textContent

describe('a field with a limit', () => {
  it('says nothing far from the limit, then what is left from 80% of it, tied to the field', async () => {
    const user = userEvent.setup()
    render(<TextField label="Subject" limit={20} />)
    const field = screen.getByLabelText('Subject')
    await user.type(field, 'a'.repeat(15))
    expect(field).toHaveAccessibleDescription('')
    await user.type(field, 'a')
    expect(field).toHaveAccessibleDescription('4 characters left')
  })

  it('keeps every pasted character past the limit and says how many are over', async () => {
    const user = userEvent.setup()
    render(<TextareaField label="Message" limit={10} hint="Be brief." />)
    const field = screen.getByLabelText('Message')
    await user.click(field)
    await user.paste('one two three four five')
    expect(field).toHaveValue('one two three four five')
    expect(field).toHaveAccessibleDescription('Be brief. 13 characters over the limit')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).not.toHaveAttribute('maxlength')
  })

  it('announces a crossing at once and the count left only once typing pauses', () => {
    vi.useFakeTimers()
    try {
      const { container } = render(<TextField label="Subject" limit={10} />)
      const field = screen.getByLabelText('Subject')
      const type = (value: string) => fireEvent.change(field, { target: { value } })
      type('a'.repeat(8))
      expect(announcement(container)).toBe('2 characters left')
      type('a'.repeat(9))
      // Mid-typing the visible count moves on, the spoken one waits for a pause.
      expect(field).toHaveAccessibleDescription('1 character left')
      expect(announcement(container)).toBe('2 characters left')
      act(() => {
        vi.advanceTimersByTime(ANNOUNCE_PAUSE_MS)
      })
      expect(announcement(container)).toBe('1 character left')
      type('a'.repeat(11))
      expect(announcement(container)).toBe('1 character over the limit')
    } finally {
      vi.useRealTimers()
    }
  })
})
