import { and, desc, eq } from 'drizzle-orm'
import type { AdminErrorRow, AdminMessageRow } from '@/domain/admin-api'
import type { Db } from '../db/database'
import { contactMessages, errorReports } from '../db/oversight-schema'
import { users } from '../db/schema'
import { below, contains, createdWithin, type Keyed, rowKeyAt, type TableQuery } from './keyset'

/** Messages from the contact form; a search looks in the sender's name and email and the subject. */
export async function readMessages(db: Db, query: TableQuery): Promise<Keyed<AdminMessageRow>[]> {
  const { pattern } = query
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      subject: contactMessages.subject,
      message: contactMessages.message,
      createdAt: contactMessages.createdAt,
      at: rowKeyAt(contactMessages.createdAt),
    })
    .from(contactMessages)
    .where(
      and(
        below(contactMessages.createdAt, contactMessages.id, query.after),
        ...createdWithin(contactMessages.createdAt, query.range),
        pattern === null
          ? undefined
          : contains(pattern, contactMessages.name, contactMessages.email, contactMessages.subject),
      ),
    )
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, ...row }) => ({
    row: { ...row, createdAt: createdAt.toISOString() },
    key: { at, id: row.id },
  }))
}

/** Error reports with who was signed in; a search looks in the message and the route. */
export async function readErrors(db: Db, query: TableQuery): Promise<Keyed<AdminErrorRow>[]> {
  const { pattern } = query
  const rows = await db
    .select({
      id: errorReports.id,
      message: errorReports.message,
      stack: errorReports.stack,
      route: errorReports.route,
      userAgent: errorReports.userAgent,
      userEmail: users.email,
      createdAt: errorReports.createdAt,
      at: rowKeyAt(errorReports.createdAt),
    })
    .from(errorReports)
    .leftJoin(users, eq(users.id, errorReports.userId))
    .where(
      and(
        below(errorReports.createdAt, errorReports.id, query.after),
        ...createdWithin(errorReports.createdAt, query.range),
        pattern === null ? undefined : contains(pattern, errorReports.message, errorReports.route),
      ),
    )
    .orderBy(desc(errorReports.createdAt), desc(errorReports.id))
    .limit(query.limit)
  return rows.map(({ at, createdAt, ...row }) => ({
    row: { ...row, createdAt: createdAt.toISOString() },
    key: { at, id: row.id },
  }))
}
