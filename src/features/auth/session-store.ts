import { create } from 'zustand'
import type { Repository } from '@/data/repository'
import type { User } from '@/domain/types'

type SessionState = {
  user: User | null
  setUser: (user: User | null) => void
}

/** The signed-in user, mirrored from the repository's session row. */
export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
}))

export const currentSessionUser = (): User | null => useSessionStore.getState().user

export async function restoreSession(repository: Repository): Promise<User | null> {
  const user = await repository.auth.currentUser()
  useSessionStore.getState().setUser(user)
  return user
}

/**
 * Follows the session row, so signing in or out in one tab shows in every tab.
 * `onIdentityChange` runs when a different person (or nobody) is now signed in.
 */
export function watchSession(repository: Repository, onIdentityChange: () => void): () => void {
  const subscription = repository
    .observe(() => repository.auth.currentUser())
    .subscribe({
      next: (user) => {
        const previous = useSessionStore.getState().user
        useSessionStore.getState().setUser(user)
        if (previous?.id !== user?.id) onIdentityChange()
      },
    })
  return () => subscription.unsubscribe()
}
