import type { DraftForm } from '@/domain/drafts'

/**
 * The newest answers of a form, held in localStorage the moment they change
 * (docs/decisions/037-form-drafts.md). A draft goes to IndexedDB a moment
 * after typing pauses, and an IndexedDB write is asynchronous: a page that
 * reloads, closes or crashes in that moment would lose the last keystrokes.
 * localStorage writes at once. The drafts repository reads a held copy back
 * when it is newer than the stored draft, and lets it go once a draft at least
 * as new is stored, or the draft is cleared, or the account's data leaves the
 * device. Storage that refuses (a private window, a full quota) holds nothing:
 * the stored draft is then all there is, as before.
 */
const PREFIX = 'letterhead.draft-hold.'

type Held = { savedAt: string; json: string }

const keyOf = (userId: string, form: DraftForm) => `${PREFIX}${userId}.${form}`

function read(key: string): Held | null {
  try {
    const raw = localStorage.getItem(key)
    if (raw === null) return null
    const held = JSON.parse(raw) as Partial<Held>
    return typeof held.savedAt === 'string' && typeof held.json === 'string'
      ? { savedAt: held.savedAt, json: held.json }
      : null
  } catch {
    return null
  }
}

/** Holds `json`, the answers as of `savedAt`, in place of what was held. */
export function holdDraft(userId: string, form: DraftForm, json: string, savedAt: string): void {
  try {
    localStorage.setItem(keyOf(userId, form), JSON.stringify({ savedAt, json }))
  } catch {
    // Nothing held: the stored draft stands.
  }
}

/** The answers held for `form` and when, or null. */
export function heldDraft(
  userId: string,
  form: DraftForm,
): { savedAt: string; values: unknown } | null {
  const held = read(keyOf(userId, form))
  if (!held) return null
  try {
    return { savedAt: held.savedAt, values: JSON.parse(held.json) as unknown }
  } catch {
    return null
  }
}

/** Lets the held answers go; with `before`, only if they are older than that. */
export function releaseDraft(userId: string, form: DraftForm, before?: string): void {
  const key = keyOf(userId, form)
  const held = read(key)
  if (!held || (before !== undefined && held.savedAt >= before)) return
  try {
    localStorage.removeItem(key)
  } catch {
    // Storage refused: a held copy older than the stored draft is never read back anyway.
  }
}

/** Lets every form's held answers of an account go. */
export function releaseAccountDrafts(userId: string): void {
  try {
    const prefix = `${PREFIX}${userId}.`
    const keys: string[] = []
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    for (const key of keys) localStorage.removeItem(key)
  } catch {
    // Storage refused: nothing could have been held.
  }
}
