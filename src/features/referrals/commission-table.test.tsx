// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CommissionLine } from '@/data/repository'
import { CommissionTable } from './commission-table'

const line = (id: string, state: CommissionLine['state'], amountCents: number): CommissionLine => ({
  id,
  employeeId: 'employee-1',
  amountCents,
  plan: 'single',
  saleCents: 9900,
  state,
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
})

describe('CommissionTable', () => {
  it('names every cell’s column, so a phone’s cards keep the Commission in view', () => {
    render(<CommissionTable lines={[line('a', 'approved', 495), line('b', 'voided', 495)]} />)
    const table = screen.getByRole('table', { name: /Your commissions, newest first/ })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.dataset.label),
      ).toEqual(['Date', 'Plan', 'Sale Amount', 'Commission', 'Status'])
    }
    const [approved, voided] = rows.map(
      (row) => within(row).getAllByRole('cell')[3]?.firstElementChild?.firstElementChild,
    )
    expect(approved).toHaveTextContent('$4.95')
    expect(approved).not.toHaveClass('line-through')
    // A voided commission earns nothing: its amount is struck through.
    expect(voided).toHaveClass('line-through')
  })

  it('says how to earn one when there are none', () => {
    render(<CommissionTable lines={[]} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.getByText(/No commissions yet/)).toBeInTheDocument()
  })
})
