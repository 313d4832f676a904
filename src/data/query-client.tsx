import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useContext } from 'react'
import { AppError, type ErrorCode } from '@/domain/errors'
import { RETRY_POLICY, retryDelayMs } from '@/lib/retry'

/** Failures another try may cure; a refusal (wrong password, signed out, offline) is final. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set([
  'SERVER_UNREACHABLE',
  'SERVER_ERROR',
  'DATABASE_UNAVAILABLE',
])

export const isTransient = (error: unknown): boolean =>
  !(error instanceof AppError) || TRANSIENT.has(error.code)

const retryUpTo = (limit: number) => (failures: number, error: unknown) =>
  failures < limit && isTransient(error)

/**
 * The client for server state that is not synced (the account's sessions,
 * later the admin's views), with the seed's data-fetching constants. Queries
 * and mutations call repository methods, never `fetch`. "offlineFirst": the
 * first try always runs, since in device-only mode the repository answers
 * from the device; only retries wait for the network to come back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUpTo(RETRY_POLICY.queryRetries),
        retryDelay: retryDelayMs,
        staleTime: RETRY_POLICY.staleTimeMs,
        gcTime: RETRY_POLICY.cacheTimeMs,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: retryUpTo(RETRY_POLICY.mutationRetries),
        retryDelay: retryDelayMs,
        networkMode: 'offlineFirst',
      },
    },
  })
}

let shared: QueryClient | undefined

/**
 * Provides the tab's one client, made on first use. Screens that read server
 * state wrap themselves in it, so the library loads with them and not with
 * the app's start; the cache outlives any one screen. A client provided
 * above (a test's own) is kept.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const outer = useContext(QueryClientContext)
  return (
    <QueryClientProvider client={client ?? outer ?? (shared ??= createQueryClient())}>
      {children}
    </QueryClientProvider>
  )
}
