import { AppError } from '@/domain/errors'
import { SESSION_KEY } from '../dexie/context'
import { ApiError } from './api-client'
import type { ServerContext } from './server-context'

/**
 * Runs `call` for the session on this device, with the signed-in user's id;
 * the server not knowing the session (401) ends it here too.
 */
export async function asSignedIn<T>(
  { db, endedElsewhere }: Pick<ServerContext, 'db' | 'endedElsewhere'>,
  call: (userId: string) => Promise<T>,
): Promise<T> {
  const session = await db.session.get(SESSION_KEY)
  if (!session) throw new AppError('NOT_SIGNED_IN')
  try {
    return await call(session.userId)
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error
    await endedElsewhere(session.userId)
    throw new AppError('SESSION_ENDED')
  }
}
