import { adminCsvPath, type AdminCsvQuery, type AdminTable } from '@/domain/admin-api'

type QueryValues = Record<string, string | number | undefined>

/** `?a=1&b=2` of the values that are set, in the order given; empty when none is. */
export function queryString(values: QueryValues): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}

/**
 * Where the whole filtered table downloads as CSV (server mode). A plain link
 * does: the session cookie goes with it, as with any same-origin request.
 */
export const adminCsvHref = (table: AdminTable, filters: AdminCsvQuery) =>
  `${adminCsvPath(table)}${queryString({ q: filters.q, from: filters.from, to: filters.to })}`
