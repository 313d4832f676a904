import { newId } from '@/domain/ids'
import type { Change, PullResponse, SyncedLetter } from '@/domain/sync'
import { SAMPLE_LETTER } from '../test-support'

/** For tests: a letter as a pull sends it. */
export function pulledLetter(
  userId: string,
  version: number,
  fields: Partial<SyncedLetter> = {},
): Change {
  const row: SyncedLetter = {
    id: newId(),
    userId,
    ...SAMPLE_LETTER,
    content: 'Dear Sir or Madam',
    status: 'completed',
    generator: 'built-in',
    version,
    createdAt: '2026-11-22T12:00:00.000Z',
    updatedAt: '2026-11-22T12:00:00.000Z',
    ...fields,
  }
  return { table: 'letters', id: row.id, row }
}

/** For tests: a pulled page of `changes`, its cursor the highest row version among them. */
export function pulledPage(changes: Change[], more = false): PullResponse {
  const versions = changes.flatMap((change) =>
    'row' in change && 'version' in change.row ? [change.row.version] : [],
  )
  return {
    cursor: Math.max(0, ...versions),
    lastMutationId: 0,
    changes,
    more,
    lettersRemaining: 0,
  }
}
