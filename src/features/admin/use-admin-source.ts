import type { AdminSource } from '@/data/admin-repository'
import { useLive } from '@/data/use-live'

/**
 * Where this load's admin dashboard reads: the server in server mode, this
 * device otherwise. Undefined while that is asked (a moment: the mode is
 * remembered), and `failed` when the code that answers could not load.
 */
export function useAdminSource(): AdminSource | 'failed' | undefined {
  const live = useLive((repository) => repository.serverAdmin.source(), 'admin:source')
  return live.status === 'error' ? 'failed' : live.data
}
