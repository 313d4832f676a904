import { type ContactMessageInput, contactMessageSchema } from '@/domain/contact-schema'
import { newId } from '@/domain/ids'
import type { ContactMessage } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { MessagesRepository } from '../repository'
import { type RepositoryContext, requireRole, stamp } from './context'

/** The row a contact message is stored as: checked and trimmed, with an id of its own. */
export function messageRow(input: ContactMessageInput, clock: () => Date): ContactMessage {
  const data = parseOrThrow(contactMessageSchema, input)
  return { id: newId(), ...data, ...stamp(clock) }
}

export function createMessagesRepository({ db, clock }: RepositoryContext): MessagesRepository {
  return {
    async create(input) {
      const message = messageRow(input, clock)
      await db.messages.add(message)
      return message
    },

    async listAll() {
      await requireRole(db, ['admin'])
      return db.messages.orderBy('createdAt').reverse().toArray()
    },
  }
}
