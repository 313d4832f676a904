import type { AdminTable } from '@/domain/admin-api'
import type { Db } from '../db/database'
import {
  ADMIN_TABLE_SPECS,
  type CsvValue,
  type TableFilter,
  tableQuery,
  type TableSpec,
} from './tables'

/** Rows read a query at a time while the CSV streams; each read is one keyset page. */
export const CSV_BATCH = 500

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, and tab or carriage
 * return before one) is shown as text instead, by a leading apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** One cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvValue): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, ended by CRLF as RFC 4180 says. */
export const csvRecord = (values: readonly CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`

/**
 * The whole filtered table as CSV, header first, newest row first. Rows are
 * read a batch at a time as the client takes them, so a slow download never
 * holds the table in memory, nor a transaction open; the header comes with
 * the first batch, so nothing is answered before the first read succeeded.
 */
export async function* tableCsv<T extends AdminTable>(db: Db, table: T, filter: TableFilter) {
  const spec: TableSpec<T> = ADMIN_TABLE_SPECS[table]
  let chunk = csvRecord(spec.csv.map((column) => column.header))
  let after = null
  for (;;) {
    const batch = await spec.read(db, tableQuery(filter, CSV_BATCH, after))
    for (const { row } of batch) chunk += csvRecord(spec.csv.map((column) => column.value(row)))
    yield chunk
    chunk = ''
    const last = batch.at(-1)
    if (batch.length < CSV_BATCH || !last) return
    after = last.key
  }
}
