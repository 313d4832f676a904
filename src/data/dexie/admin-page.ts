import { type Collection, type Table, cmp } from 'dexie'
import { z } from '@/lib/zod'
import { AppError } from '@/domain/errors'
import { parseOrThrow } from '@/domain/validate'
import {
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX,
  type AdminPage,
  type AdminQuery,
  type AdminSort,
  type AdminTab,
  isAdminSort,
  pageCount,
} from '../admin-repository'

const adminQuerySchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX),
  sort: z.string(),
  direction: z.enum(['asc', 'desc']),
  search: z.string().max(ADMIN_SEARCH_MAX),
})

export type ParsedQuery<T extends AdminTab> = Omit<AdminQuery, 'sort'> & {
  sort: AdminSort<T>
  /** The search, trimmed and lower-cased; null when there is none. */
  needle: string | null
}

/** The repository trusts nothing: a sort without an index would mean reading the whole table. */
export function parseAdminQuery<T extends AdminTab>(tab: T, input: AdminQuery): ParsedQuery<T> {
  const query = parseOrThrow(adminQuerySchema, input)
  const sort = query.sort
  if (!isAdminSort(tab, sort)) throw new AppError('INVALID_INPUT', `Cannot sort ${tab} by ${sort}`)
  const needle = query.search.trim().toLowerCase()
  return { ...query, sort, needle: needle === '' ? null : needle }
}

/** Whether any of `fields` contains `needle`, ignoring case. */
export function containsNeedle(
  needle: string,
  ...fields: ReadonlyArray<string | null | undefined>
): boolean {
  return fields.some((field) => field?.toLowerCase().includes(needle) ?? false)
}

export type Paging = Pick<AdminQuery, 'page' | 'pageSize' | 'direction'>

/** Where the page starts and how many rows it has, a page past the end reading as the last. */
function pageWindow(total: number, { page, pageSize }: Paging) {
  const offset = (Math.min(page, pageCount(total, pageSize)) - 1) * pageSize
  return { offset, size: Math.min(pageSize, total - offset) }
}

/**
 * One page of an index, counted and read on the index alone. Dexie
 * collections change in place when reversed, so `open` makes a fresh one
 * for each read.
 */
export async function readPage<T, Insert>(
  open: () => Collection<T, string, Insert>,
  paging: Paging,
): Promise<AdminPage<T>> {
  const descending = paging.direction === 'desc'
  const ordered = (reverse: boolean) => (reverse ? open().reverse() : open())
  const total = await ordered(descending).count()
  if (total === 0) return { rows: [], total }
  const { offset, size } = pageWindow(total, paging)
  // A cursor skips rows one by one, so a page in the back half is read from
  // the other end: the last page costs what the first does.
  if (offset > total / 2) {
    const mirrored = await ordered(!descending)
      .offset(total - offset - size)
      .limit(size)
      .toArray()
    return { rows: mirrored.reverse(), total }
  }
  return { rows: await ordered(descending).offset(offset).limit(size).toArray(), total }
}

const SCAN_BATCH = 2_000

/**
 * Visits every row in primary-key blocks. Reading a block at once is several
 * times faster than stepping a cursor row by row (about 1.5 s against 5 s for
 * 100,000 letters in Chromium), and only one block is in memory at a time.
 */
export async function scanTable<T extends { id: string }, Insert>(
  table: Table<T, string, Insert>,
  visit: (row: T) => void,
): Promise<void> {
  for (let after: string | null = null; ;) {
    const from = after === null ? table.orderBy(':id') : table.where(':id').above(after)
    const block: T[] = await from.limit(SCAN_BATCH).toArray()
    for (const row of block) visit(row)
    const last = block.at(-1)
    if (!last || block.length < SCAN_BATCH) return
    after = last.id
  }
}

/**
 * One page of the rows that match a search, in the order the `sort` index
 * would give them (ties by id, as an index orders them). Only the matches'
 * sort keys and ids are kept while scanning; the page's rows are then read by id.
 */
export async function searchPage<T extends { id: string }, Insert>(
  table: Table<T, string, Insert>,
  sort: keyof T & string,
  paging: Paging,
  matches: (row: T) => boolean,
): Promise<AdminPage<T>> {
  const hits: Array<{ key: string | number; id: string }> = []
  await scanTable(table, (row) => {
    const key: unknown = row[sort]
    // A row without the field is not in its index, so the index walk would not show it either.
    if ((typeof key === 'string' || typeof key === 'number') && matches(row))
      hits.push({ key, id: row.id })
  })
  hits.sort((a, b) => cmp(a.key, b.key) || cmp(a.id, b.id))
  if (paging.direction === 'desc') hits.reverse()
  const total = hits.length
  if (total === 0) return { rows: [], total }
  const { offset, size } = pageWindow(total, paging)
  const ids = hits.slice(offset, offset + size).map((hit) => hit.id)
  const rows = await table.bulkGet(ids)
  return { rows: rows.filter((row): row is T => row !== undefined), total }
}

/** The index walk when nothing is searched for; otherwise a scan of the matches, in the same order. */
export function pageOf<T extends { id: string }, Insert>(
  table: Table<T, string, Insert>,
  sort: keyof T & string,
  paging: Paging,
  matches: ((row: T) => boolean) | null,
  open: () => Collection<T, string, Insert> = () => table.orderBy(sort),
): Promise<AdminPage<T>> {
  return matches ? searchPage(table, sort, paging, matches) : readPage(open, paging)
}
