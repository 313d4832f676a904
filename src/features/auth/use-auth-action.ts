import { useState } from 'react'
import type { ErrorCode } from '@/domain/errors'
import { messageFor } from '@/domain/errors'
import type { User } from '@/domain/types'
import { useSessionStore } from './session-store'

/**
 * Runs an auth call; on success records the session and hands over the user,
 * on failure keeps what was typed and returns the message for the form's alert.
 */
export function useAuthAction<T>(
  action: (values: T) => Promise<User | null>,
  fallback: ErrorCode,
  missingUser: ErrorCode,
  onSignedIn: (user: User) => void,
) {
  const [alert, setAlert] = useState<string | null>(null)
  const setUser = useSessionStore((state) => state.setUser)

  async function run(values: T) {
    setAlert(null)
    try {
      const user = await action(values)
      if (!user) {
        setAlert(messageFor(null, missingUser))
        return
      }
      setUser(user)
      onSignedIn(user)
    } catch (error) {
      setAlert(messageFor(error, fallback))
    }
  }

  return { alert, run }
}
