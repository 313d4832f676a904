import { AppError } from '@/domain/errors'
import { DRAFT_FORMS, DRAFT_MAX_CHARS, type DraftForm } from '@/domain/drafts'
import type { DraftsRepository } from '../repository'
import { readTransaction, type RepositoryContext, SESSION_KEY } from './context'

const ROLES_WITH_DRAFTS = ['user', 'employee', 'admin'] as const

function checkedForm(form: unknown): DraftForm {
  if (!(DRAFT_FORMS as readonly unknown[]).includes(form)) throw new AppError('INVALID_INPUT')
  return form as DraftForm
}

/**
 * Each account's unsent answers, on this device only. Whoever is signed in
 * reads and writes their own; nobody signed in has none.
 */
export function createDraftsRepository({ db, clock }: RepositoryContext): DraftsRepository {
  /** The signed-in account's key for `form`, in the transaction the caller opened. */
  async function keyFor(form: unknown): Promise<[string, DraftForm]> {
    const session = await db.session.get(SESSION_KEY)
    if (!session) throw new AppError('NOT_SIGNED_IN')
    const user = await db.users.get(session.userId)
    if (!user || !ROLES_WITH_DRAFTS.includes(user.role)) throw new AppError('NOT_SIGNED_IN')
    return [user.id, checkedForm(form)]
  }
  const tables = [db.session, db.users, db.drafts]

  return {
    get(form) {
      return readTransaction(db, tables, async () => {
        const draft = await db.drafts.get(await keyFor(form))
        return draft?.values ?? null
      })
    },
    async save(form, values) {
      const json = JSON.stringify(values)
      if (json === undefined || json.length > DRAFT_MAX_CHARS) throw new AppError('DRAFT_TOO_LARGE')
      await db.transaction('rw', tables, async () => {
        const [userId, checked] = await keyFor(form)
        // Stored as it was serialised: nothing of the caller's objects is kept by reference.
        const copy: unknown = JSON.parse(json)
        await db.drafts.put({ userId, form: checked, values: copy, savedAt: clock().toISOString() })
      })
    },
    clear(form) {
      return db.transaction('rw', tables, async () => {
        await db.drafts.delete(await keyFor(form))
      })
    },
  }
}
