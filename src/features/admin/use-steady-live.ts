import { useState } from 'react'
import type { Repository } from '@/data/repository'
import { useLive } from '@/data/use-live'

export type SteadyLive<T> = {
  /** The newest rows read, or the previous ones while a new query is on its way. */
  data: T | undefined
  /** True while `data` is from the previous query. */
  stale: boolean
  error: unknown
}

/**
 * `useLive` that keeps showing the last result while the next page, sort or
 * search loads, so the table does not blink empty on every click.
 */
export function useSteadyLive<T>(
  query: (repository: Repository) => Promise<T>,
  key: string,
): SteadyLive<T> {
  const live = useLive(query, key)
  const [kept, setKept] = useState<T | undefined>(undefined)
  if (live.status === 'ready' && live.data !== kept) setKept(live.data)
  if (live.status === 'ready') return { data: live.data, stale: false, error: undefined }
  if (live.status === 'error') return { data: kept, stale: kept !== undefined, error: live.error }
  return { data: kept, stale: kept !== undefined, error: undefined }
}
