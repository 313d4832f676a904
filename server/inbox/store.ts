import { newId } from '@/domain/ids'
import type { Db } from '../db/database'
import { contactMessages, errorReports } from '../db/oversight-schema'

/** What the server keeps of a browser's User-Agent beside an error report. */
const USER_AGENT_MAX = 512

export type Stored = { id: string; stored: boolean }

export type NewMessage = {
  id?: string | undefined
  name: string
  email: string
  subject: string
  message: string
}

/** Stores a contact message once: one sent again under its id is not stored twice. */
export async function storeMessage(db: Db, message: NewMessage, now: Date): Promise<Stored> {
  const id = message.id ?? newId()
  const inserted = await db
    .insert(contactMessages)
    .values({
      id,
      name: message.name,
      email: message.email,
      subject: message.subject,
      message: message.message,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: contactMessages.id })
    .returning({ id: contactMessages.id })
  return { id, stored: inserted.length > 0 }
}

export type NewErrorReport = {
  id?: string | undefined
  message: string
  stack: string
  route: string
  userId: string | null
  userAgent: string
}

/** Stores an error report once, with who was signed in when it came. */
export async function storeErrorReport(db: Db, report: NewErrorReport, now: Date): Promise<Stored> {
  const id = report.id ?? newId()
  const inserted = await db
    .insert(errorReports)
    .values({
      id,
      userId: report.userId,
      message: report.message,
      stack: report.stack,
      route: report.route,
      userAgent: report.userAgent.slice(0, USER_AGENT_MAX),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: errorReports.id })
    .returning({ id: errorReports.id })
  return { id, stored: inserted.length > 0 }
}
