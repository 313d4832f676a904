import { useEffect, useState } from 'react'
import type { Repository } from './repository'
import { useRepository } from './repository-context'

export type Live<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'ready'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown }

const LOADING = { status: 'loading', data: undefined, error: undefined } as const

/**
 * Reads through the repository and re-reads whenever that data changes, in
 * this tab or another. `key` names what the query depends on; a new key
 * starts a new subscription.
 */
export function useLive<T>(query: (repository: Repository) => Promise<T>, key: string): Live<T> {
  const repository = useRepository()
  const [state, setState] = useState<{ key: string; live: Live<T> }>({ key, live: LOADING })

  useEffect(() => {
    const subscription = repository
      .observe(() => query(repository))
      .subscribe({
        next: (data) => setState({ key, live: { status: 'ready', data, error: undefined } }),
        error: (error) => setState({ key, live: { status: 'error', data: undefined, error } }),
      })
    return () => subscription.unsubscribe()
    // The query closes over values that `key` names; re-subscribing on every render would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [repository, key])

  return state.key === key ? state.live : LOADING
}
