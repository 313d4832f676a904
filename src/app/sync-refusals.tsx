import { useEffect } from 'react'
import type { RefusedChange } from '@/data/repository'
import { useRepository } from '@/data/repository-context'
import { loadToast } from '@/ui/lazy-toast'

export const KEPT_ON_LETTER =
  'What you wrote is kept on the letter: open it to use that text or dismiss the note.'

/** One toast per change the server refused (DESIGN.md §7: nothing is dropped silently). */
export async function announceRefusals(refused: readonly RefusedChange[]): Promise<void> {
  const toast = await loadToast()
  for (const change of refused) {
    toast.error(change.message, {
      description: change.letterId === undefined ? undefined : KEPT_ON_LETTER,
      duration: 10_000,
    })
  }
}

/** Listens for refused changes while someone is signed in; mounted once, by the dashboard layout. */
export function SyncRefusals() {
  const { sync } = useRepository()
  useEffect(
    () =>
      sync.onRefused((refused) => {
        void announceRefusals(refused)
      }),
    [sync],
  )
  return null
}
