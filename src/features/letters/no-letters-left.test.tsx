// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '@/domain/errors'
import { NoLettersLeft } from './no-letters-left'

describe('no letters left', () => {
  it('says a plan is needed, or, when letters are owed, why and that the next plan pays them', () => {
    const { unmount } = render(<NoLettersLeft onChoosePlan={() => undefined} />)
    expect(screen.getByRole('status')).toHaveTextContent(ERROR_MESSAGES.NO_LETTERS_LEFT)
    unmount()
    render(<NoLettersLeft onChoosePlan={() => undefined} owed={1} />)
    expect(screen.getByRole('status')).toHaveTextContent(ERROR_MESSAGES.LETTERS_OWED)
    expect(screen.getByRole('button', { name: 'Choose a Plan' })).toBeInTheDocument()
  })
})
