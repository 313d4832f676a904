import { AppError } from '@/domain/errors'
import { DRAFT_FORMS, DRAFT_MAX_CHARS, type DraftForm } from '@/domain/drafts'
import type { DraftsRepository } from '../repository'
import { readTransaction, type RepositoryContext, SESSION_KEY } from './context'
import { heldDraft, holdDraft, releaseDraft } from './draft-hold'

const ROLES_WITH_DRAFTS = ['user', 'employee', 'admin'] as const

function checkedForm(form: unknown): DraftForm {
  if (!(DRAFT_FORMS as readonly unknown[]).includes(form)) throw new AppError('INVALID_INPUT')
  return form as DraftForm
}

function checkedJson(values: unknown): string {
  const json = JSON.stringify(values)
  if (json === undefined || json.length > DRAFT_MAX_CHARS) throw new AppError('DRAFT_TOO_LARGE')
  return json
}

/**
 * Each account's unsent answers, on this device only. Whoever is signed in
 * reads and writes their own; nobody signed in has none.
 */
export function createDraftsRepository({ db, clock }: RepositoryContext): DraftsRepository {
  /** Who the last read or write found signed in: `hold` tags its copy with them. */
  let lastSignedIn: string | undefined

  /** The signed-in account's key for `form`, in the transaction the caller opened. */
  async function keyFor(form: unknown): Promise<[string, DraftForm]> {
    const session = await db.session.get(SESSION_KEY)
    if (!session) throw new AppError('NOT_SIGNED_IN')
    const user = await db.users.get(session.userId)
    if (!user || !ROLES_WITH_DRAFTS.includes(user.role)) throw new AppError('NOT_SIGNED_IN')
    lastSignedIn = user.id
    return [user.id, checkedForm(form)]
  }
  const tables = [db.session, db.users, db.drafts]

  return {
    get(form) {
      return readTransaction(db, tables, async () => {
        const [userId, checked] = await keyFor(form)
        const draft = await db.drafts.get([userId, checked])
        // Answers typed after the stored draft, held when the page went before it was written.
        const held = heldDraft(userId, checked)
        if (held && (!draft || held.savedAt >= draft.savedAt)) return held.values
        return draft?.values ?? null
      })
    },
    hold(form, values) {
      // The executor runs now, so the answers are held before this call returns; a refusal rejects.
      return new Promise<void>((resolve) => {
        const checked = checkedForm(form)
        const json = checkedJson(values)
        // Only for whoever the form was read for; before that, the stored draft is all there is.
        if (lastSignedIn !== undefined)
          holdDraft(lastSignedIn, checked, json, clock().toISOString())
        resolve()
      })
    },
    async save(form, values) {
      const json = checkedJson(values)
      const savedAt = clock().toISOString()
      const [userId, checked] = await db.transaction('rw', tables, async () => {
        const key = await keyFor(form)
        // Stored as it was serialised: nothing of the caller's objects is kept by reference.
        const copy: unknown = JSON.parse(json)
        await db.drafts.put({ userId: key[0], form: key[1], values: copy, savedAt })
        return key
      })
      releaseDraft(userId, checked, savedAt)
    },
    async clear(form) {
      const [userId, checked] = await db.transaction('rw', tables, async () => {
        const key = await keyFor(form)
        await db.drafts.delete(key)
        return key
      })
      releaseDraft(userId, checked)
    },
  }
}
