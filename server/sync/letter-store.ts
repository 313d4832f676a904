import { eq, sql } from 'drizzle-orm'
import { answersOf } from '@/domain/letter-answers'
import type { SyncedVersion } from '@/domain/sync'
import type { Db } from '../db/database'
import { letters, letterVersions } from '../db/schema'
import { notFound } from './refusal'

export { answersOf }

export type LetterRow = typeof letters.$inferSelect
export type VersionRow = typeof letterVersions.$inferSelect

/** The answers a row's text was written from, as a version keeps them: no details when it has none. */
export function answersOfRow(row: LetterRow): SyncedVersion['answers'] {
  return answersOf({ ...row, details: row.details ?? undefined })
}

/** Who is replaying a mutation, from which device, and when. */
export type MutationContext = { userId: string; clientId: string; now: Date }

/** The next version of any synced row: every write draws one, tombstones too. */
export const nextVersion = () => sql<number>`nextval('sync_version')`

/** The user's letter, or a refusal that says nothing of a letter someone else has. */
export async function ownedLetter(tx: Db, userId: string, id: string): Promise<LetterRow> {
  const [letter] = await tx.select().from(letters).where(eq(letters.id, id))
  if (!letter || letter.ownerId !== userId || letter.deletedAt) throw notFound()
  return letter
}

export async function letterOwnerOf(tx: Db, id: string): Promise<string | undefined> {
  const [letter] = await tx
    .select({ ownerId: letters.ownerId })
    .from(letters)
    .where(eq(letters.id, id))
  return letter?.ownerId
}

export async function updateLetter(tx: Db, id: string, changes: Partial<LetterRow>, now: Date) {
  await tx
    .update(letters)
    .set({ ...changes, version: nextVersion(), updatedAt: now })
    .where(eq(letters.id, id))
}

/** Sends a letter again on the next pull, as it is: a refused change to it is undone on devices. */
export async function bumpLetter(tx: Db, id: string) {
  await tx.update(letters).set({ version: nextVersion() }).where(eq(letters.id, id))
}
