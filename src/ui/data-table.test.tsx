// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { type Column, DataTable } from './data-table'

type Line = { id: string; date: string; plan: string; commission: string }

const COLUMNS: Column<Line>[] = [
  { key: 'date', header: 'Date', sortKey: 'date', cell: (row) => row.date },
  { key: 'plan', header: 'Plan', cell: (row) => row.plan },
  { key: 'commission', header: 'Commission', cell: (row) => row.commission },
]

const ROWS: Line[] = [
  { id: 'a', date: 'Jan 2, 2026', plan: 'Solo', commission: '$4.95' },
  { id: 'b', date: 'Jan 5, 2026', plan: 'Firm', commission: '$9.95' },
]

function renderTable(onSort?: (key: string) => void) {
  return render(
    <DataTable
      caption="Your commissions"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      sort={{ key: 'date', direction: 'desc' }}
      onSort={onSort}
      empty="None yet"
    />,
  )
}

describe('DataTable', () => {
  it('labels every cell with its column, for the card each row becomes on a phone', () => {
    renderTable()
    const rows = within(screen.getByRole('table', { name: /Your commissions/ })).getAllByRole('row')
    // The header row, then one per line.
    expect(rows).toHaveLength(3)
    for (const row of rows.slice(1)) {
      const cells = within(row).getAllByRole('cell')
      expect(cells.map((cell) => cell.dataset.label)).toEqual(['Date', 'Plan', 'Commission'])
      // The label is drawn from data-label by CSS on a phone, so the cell's text stays its value.
      for (const cell of cells) expect(cell).toHaveClass('max-sm:cell-label')
    }
    const commission = within(rows[2] as HTMLElement).getAllByRole('cell')[2]
    expect(commission).toHaveTextContent(/^\$9\.95$/)
  })

  it('keeps the table semantics: headers by role and the caption as its name', () => {
    renderTable()
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Plan',
      'Commission',
    ])
    expect(screen.getByRole('region', { name: /Your commissions/ })).toHaveAttribute(
      'tabindex',
      '0',
    )
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  it('asks for another order from a sortable header', async () => {
    const onSort = vi.fn()
    renderTable(onSort)
    await userEvent.click(screen.getByRole('button', { name: 'Date' }))
    expect(onSort).toHaveBeenCalledWith('date')
    // Only sortable columns get a button.
    expect(screen.queryByRole('button', { name: 'Plan' })).not.toBeInTheDocument()
  })

  it('shows no edge shadow while everything fits', () => {
    const { container } = renderTable()
    const fades = container.querySelectorAll('[data-edge]')
    expect(fades).toHaveLength(2)
    for (const fade of fades) expect(fade).toHaveAttribute('data-visible', 'false')
  })
})
