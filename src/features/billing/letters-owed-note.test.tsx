// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LettersOwedNote } from './letters-owed-note'

describe('letters owed', () => {
  it('names how many letters are owed on the Subscription tab', () => {
    const { unmount } = render(<LettersOwedNote owed={1} />)
    expect(screen.getByRole('status')).toHaveTextContent('You owe one letter')
    unmount()
    render(<LettersOwedNote owed={3} />)
    expect(screen.getByRole('status')).toHaveTextContent('You owe 3 letters')
    expect(screen.getByRole('status')).toHaveTextContent('your next plan pays what is owed first')
  })
})
