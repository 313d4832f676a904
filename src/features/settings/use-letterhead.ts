import { useRepository } from '@/data/repository-context'
import { useLive } from '@/data/use-live'
import { type Letterhead, letterheadSettingKey, savedLetterheadSchema } from '@/domain/settings'

export type LetterheadState = {
  /** The letterhead kept for this account, or null when none is (or none reads as valid). */
  saved: Letterhead | null
  /** Until when the account's Annual 8 Letters purchase prints it; null without one. */
  brandingUntil: string | null
}

/** The account's letterhead and whether its plan prints it, re-read when either changes. */
export function useLetterhead(userId: string) {
  return useLive(async (repository): Promise<LetterheadState> => {
    const [value, entitlements] = await Promise.all([
      repository.settings.get(letterheadSettingKey(userId)),
      repository.subscriptions.entitlements(),
    ])
    const saved = savedLetterheadSchema.safeParse(value)
    return {
      saved: saved.success ? saved.data : null,
      brandingUntil: entitlements.customBrandingUntil ?? null,
    }
  }, `letterhead:${userId}`)
}

/** Keeps or removes the account's letterhead; null is what a removed one is stored as. */
export function useLetterheadWrites(userId: string) {
  const repository = useRepository()
  const key = letterheadSettingKey(userId)
  return {
    save: (letterhead: Letterhead) => repository.settings.set(key, letterhead),
    remove: () => repository.settings.set(key, null),
  }
}
