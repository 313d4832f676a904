import { useState } from 'react'
import { useRepository } from '@/data/repository-context'
import type { PasswordResetBy } from '@/data/repository'

/**
 * Asks once, when the view opens, how this app resets a password; read
 * with React's `use` under a Suspense boundary. Should the answer's code not
 * load, the e-mail form shows, and sending it says what went wrong.
 */
export function usePasswordResetBy(): Promise<PasswordResetBy> {
  const repository = useRepository()
  const [answer] = useState(() =>
    repository.auth.passwordResetBy().catch((): PasswordResetBy => 'email'),
  )
  return answer
}
