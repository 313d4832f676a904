import { API_PATHS } from '@/domain/api'
import { type KeyValueStore, readItem, writeItem } from '../browser-storage'
import { type ApiClient, ApiError } from './api-client'

export const PENDING_SIGN_OUT_KEY = 'letterhead:server-sign-out'

export type PendingSignOut = {
  /** Notes that the server must still hear of a sign-out made on this device. */
  remember(): void
  /** Drops the note: the session it was for is gone or replaced. */
  forget(): void
  /** Sends a noted sign-out; the note stays when the server could not be told. */
  flush(): Promise<void>
}

/** The server answered, so trying again would get the same answer (401: already ended). */
const settled = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && error.status !== 429

/**
 * A sign-out waiting for the network. The session cookie is httpOnly, so only
 * a request to the server can end the session there; the note lives in
 * `localStorage` so a reload, another tab or the next visit can send it.
 */
export function pendingSignOut(store: KeyValueStore | null, client: ApiClient): PendingSignOut {
  const forget = () => writeItem(store, PENDING_SIGN_OUT_KEY, null)

  async function attempt() {
    if (readItem(store, PENDING_SIGN_OUT_KEY) === null) return
    try {
      await client.send(API_PATHS.signOut, { method: 'POST' })
      forget()
    } catch (error) {
      if (settled(error)) forget()
    }
  }

  // One attempt at a time, each looking at the note afresh: a caller never rides on an attempt
  // that started (and failed) before the network came back.
  let queue = Promise.resolve()

  return {
    remember: () => writeItem(store, PENDING_SIGN_OUT_KEY, '1'),
    forget,
    flush: () => (queue = queue.then(attempt)),
  }
}
