import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRepository } from '@/data/repository-context'
import type { ChangePasswordInput } from '@/domain/auth-schemas'

/** One account's sessions; a different person signed in on this device has their own. */
const sessionsKey = (userId: string) => ['account', userId, 'sessions'] as const

export function useAccountSessions(userId: string) {
  const repository = useRepository()
  return useQuery({
    queryKey: sessionsKey(userId),
    queryFn: () => repository.account.sessions(),
  })
}

export function useSignOutOthers(userId: string) {
  const repository = useRepository()
  const queries = useQueryClient()
  return useMutation({
    mutationFn: () => repository.account.signOutOthers(),
    onSuccess: () => queries.invalidateQueries({ queryKey: sessionsKey(userId) }),
  })
}

export function useChangePassword(userId: string) {
  const repository = useRepository()
  const queries = useQueryClient()
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => repository.account.changePassword(input),
    // Not repeated by itself: if a first try changed the password and only its answer was lost,
    // a second would be refused as a wrong current password, and say the opposite of what happened.
    retry: false,
    onSuccess: () => queries.invalidateQueries({ queryKey: sessionsKey(userId) }),
  })
}
