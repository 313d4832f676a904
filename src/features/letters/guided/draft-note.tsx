import type { DraftState } from './use-letter-draft'

const NOTES: Record<DraftState, string | null> = {
  none: null,
  restored: 'Your unsent answers were restored from this device.',
  saved: 'Draft saved on this device.',
  failed: 'This draft could not be saved on this device. Generate the letter before you leave.',
}

/** Says quietly whether what was typed is kept, so a person knows a reload loses nothing. */
export function DraftNote({ state }: { state: DraftState }) {
  const note = NOTES[state]
  if (!note) return null
  return (
    <p
      className={
        state === 'failed'
          ? 'text-sm text-red-700 dark:text-red-300'
          : 'text-sm text-ink-600 dark:text-ink-300'
      }
    >
      {note}
    </p>
  )
}
