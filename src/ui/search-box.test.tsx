// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { SearchBox } from './search-box'

describe('a search box with a limit', () => {
  it('counts down near it, keeps a longer search whole, names the limit and does not search', async () => {
    const onSearch = vi.fn()
    const user = userEvent.setup()
    render(<SearchBox label="Search letters" value="" onSearch={onSearch} delayMs={0} limit={20} />)
    const box = screen.getByLabelText('Search letters')
    await user.type(box, 'Whitfield Home')
    await vi.waitFor(() => expect(onSearch).toHaveBeenLastCalledWith('Whitfield Home'))
    expect(box).not.toHaveAccessibleDescription()

    await user.type(box, ' Go')
    expect(box).toHaveAccessibleDescription('3 characters left')
    onSearch.mockClear()
    await user.click(box)
    await user.paste(' Goods LLC of Boston')
    expect(box).toHaveValue('Whitfield Home Go Goods LLC of Boston')
    expect(box).toHaveAttribute('aria-invalid', 'true')
    expect(box).toHaveAccessibleDescription(
      '17 characters over the limit A search is at most 20 characters; shorten it to search.',
    )
    await user.keyboard('{Enter}')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(onSearch).not.toHaveBeenCalled()
  })
})
