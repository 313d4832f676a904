import type { LetterheadDatabase } from '../database'
import type { ApiClient } from './api-client'
import type { PendingSignOut } from './pending-sign-out'

/** What the server-backed parts of the repository share. */
export type ServerContext = {
  /** The device's copy: the mirrored account, the session row, and everything else as in device-only mode. */
  db: LetterheadDatabase
  clock: () => Date
  client: ApiClient
  signOuts: PendingSignOut
  /** The server says `userId`'s session is over: end it here too, and tell the person. */
  endedElsewhere: (userId: string) => Promise<void>
}
