import { z } from '@/lib/zod'
import {
  ADMIN_SEARCH_MAX,
  ADMIN_SORTS,
  ADMIN_TABS,
  type AdminTab,
  type SortDirection,
  isAdminSort,
} from '@/data/admin-repository'
import { AI_USAGE_RANGES, AI_USAGE_TAB } from './ai-usage-range'

/** The admin dashboard's shareable state, kept in the URL: a bad value is dropped, not an error. */
export const adminSearchSchema = z.object({
  tab: z
    .enum([...ADMIN_TABS, AI_USAGE_TAB])
    .optional()
    .catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  q: z.string().max(ADMIN_SEARCH_MAX).optional().catch(undefined),
  sort: z.string().max(40).optional().catch(undefined),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  /** Server mode: rows made from this day on, and up to this day, the admin's days (2026-11-25). */
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
  /** Server mode's AI Usage tab: the period, in days ending today. */
  days: z.coerce.number().pipe(z.literal(AI_USAGE_RANGES)).optional().catch(undefined),
})

export type AdminSearch = z.output<typeof adminSearchSchema>

/** Columns whose first click shows the largest or newest first. */
const DESCENDING_FIRST = new Set(['createdAt', 'referrals', 'earningsCents', 'priceCents'])

export const firstDirection = (sort: string): SortDirection =>
  DESCENDING_FIRST.has(sort) ? 'desc' : 'asc'

/** What a tab shows for `search`: a sort the tab cannot use falls back to newest first. */
export function resolveView(tab: AdminTab, search: AdminSearch) {
  const sort =
    search.sort !== undefined && isAdminSort(tab, search.sort) ? search.sort : ADMIN_SORTS[tab][0]
  const direction: SortDirection =
    search.sort === undefined || search.sort === sort
      ? (search.dir ?? firstDirection(sort))
      : firstDirection(sort)
  return { sort, direction, page: search.page ?? 1, q: search.q?.trim() ?? '' }
}

/** The next search after a header is pressed: the same column flips, another starts on its natural order. */
export function sortSearch(tab: AdminTab, search: AdminSearch, key: string): AdminSearch {
  const current = resolveView(tab, search)
  const dir =
    current.sort === key ? (current.direction === 'asc' ? 'desc' : 'asc') : firstDirection(key)
  return { tab, q: search.q, sort: key, dir }
}
