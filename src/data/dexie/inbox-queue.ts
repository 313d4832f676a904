import type { ContactMessageInput } from '@/domain/contact-schema'
import type { ContactMessage, ErrorReport } from '@/domain/types'
import type { LetterheadDatabase } from '../database'
import type { InboxEntry } from '../inbox-types'
import type { NewErrorReport } from '../repository'
import type { RepositoryContext } from './context'
import { errorRow } from './diagnostics'
import { messageRow } from './messages'

/** The server refuses a report with no words; its stack and route are still worth having. */
const NO_MESSAGE = 'Error without a message'

/**
 * Stores a contact message as device-only mode does and queues it for the
 * server in the same transaction: both are written, or neither.
 */
export async function queueMessage(
  { db, clock }: RepositoryContext,
  input: ContactMessageInput,
): Promise<ContactMessage> {
  const message = messageRow(input, clock)
  const { id, name, email, subject, message: text, createdAt } = message
  await db.transaction('rw', [db.messages, db.inboxQueue], () =>
    Promise.all([
      db.messages.add(message),
      db.inboxQueue.add({
        kind: 'message',
        request: { id, name, email, subject, message: text },
        queuedAt: createdAt,
      }),
    ]),
  )
  return message
}

/** Records an error as device-only mode does and queues it for the server, in one transaction. */
export async function queueErrorReport(
  { db, clock }: RepositoryContext,
  report: NewErrorReport,
): Promise<ErrorReport> {
  const row = errorRow(report, clock)
  const { id, message, stack, route, createdAt } = row
  await db.transaction('rw', [db.errors, db.inboxQueue], () =>
    Promise.all([
      db.errors.add(row),
      db.inboxQueue.add({
        kind: 'error',
        request: { id, message: message.trim() === '' ? NO_MESSAGE : message, stack, route },
        queuedAt: createdAt,
      }),
    ]),
  )
  return row
}

/** Whether anything waits for the server. */
export const hasQueued = async (db: LetterheadDatabase): Promise<boolean> =>
  (await db.inboxQueue.count()) > 0

/** The oldest entry queued after `seq` (0: the oldest of all). */
export const nextQueued = (db: LetterheadDatabase, seq: number): Promise<InboxEntry | undefined> =>
  db.inboxQueue.where('seq').above(seq).first()

/** The server has it, or will never take it: it leaves the queue (the stored row stays). */
export const unqueue = (db: LetterheadDatabase, seq: number): Promise<void> =>
  db.inboxQueue.delete(seq)
