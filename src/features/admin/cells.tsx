import { formatDateTime } from '@/lib/format-date'
import type { Column } from '@/ui/data-table'

/** Classes for cells that read badly when wrapped: dates, money, codes, emails. */
export const NOWRAP = 'whitespace-nowrap'
export const NUMERIC = 'whitespace-nowrap text-right tabular-nums'

export function DateCell({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>
}

/** The column of when a row was made, sorted by `createdAt`, under its table's own heading. */
export function createdColumn<Row extends { createdAt: string }>(
  key: string,
  header: string,
): Column<Row> {
  return {
    key,
    header,
    sortKey: 'createdAt',
    cell: (row) => <DateCell iso={row.createdAt} />,
    className: NOWRAP,
  }
}

/** A value that may be absent: a dash for the eye, words for a screen reader. */
export function Maybe({ value, missing }: { value: string | null; missing: string }) {
  if (value) return <>{value}</>
  return (
    <>
      <span aria-hidden>—</span>
      <span className="sr-only">{missing}</span>
    </>
  )
}
