import { contactMessageSchema } from '@/domain/contact-schema'
import { newId } from '@/domain/ids'
import type { ContactMessage } from '@/domain/types'
import { parseOrThrow } from '@/domain/validate'
import type { MessagesRepository } from '../repository'
import { type RepositoryContext, requireRole, stamp } from './context'

export function createMessagesRepository({ db, clock }: RepositoryContext): MessagesRepository {
  return {
    async create(input) {
      const data = parseOrThrow(contactMessageSchema, input)
      const message: ContactMessage = { id: newId(), ...data, ...stamp(clock) }
      await db.messages.add(message)
      return message
    },

    async listAll() {
      await requireRole(db, ['admin'])
      return db.messages.orderBy('createdAt').reverse().toArray()
    },
  }
}
