import { useQuery } from '@tanstack/react-query'
import { useRepository } from '@/data/repository-context'
import type { AiStatus } from '@/data/server-ai-repository'

/**
 * Whether the Letterhead server writes letters with a model, and which: server
 * state, read through the query client. `undefined` while it is not known: on
 * the first answer's way, or when it could not be asked (offline, no answer),
 * without waiting for the retries. Device-only mode answers at once: no model.
 */
export function useServerAiStatus(): { settled: boolean; status: AiStatus | undefined } {
  const repository = useRepository()
  const query = useQuery({
    queryKey: ['server-ai', 'status'],
    queryFn: () => repository.serverAi.status(),
  })
  return {
    settled: query.isSuccess || query.isError || query.failureCount > 0,
    status: query.data,
  }
}
