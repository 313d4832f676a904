import { type SQL, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { contactMessages } from '../db/oversight-schema'
import { letters, users } from '../db/schema'
import { subscriptions } from '../db/money-schema'
import { insertLetter, insertUser } from '../test-support/admin'
import { setupTestServer } from '../test-support/test-server'
import { ownedByMatch } from './activity'
import { contains, searchPattern } from './keyset'

/**
 * The admin's search is `ilike '%…%'`, which a B-tree cannot serve; the
 * trigram indexes can. With sequential scans priced out, each search's
 * condition must be answered from the indexes made for it, on PGlite and
 * PostgreSQL alike (decision 024).
 */

const server = setupTestServer()

async function plan(query: SQL): Promise<string> {
  return server().database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const result = (await tx.execute(sql`explain ${query}`)) as { rows: Record<string, string>[] }
    return result.rows.map((row) => Object.values(row).join('')).join('\n')
  })
}

describe('search through trigram indexes', () => {
  it('reads accounts, letters, purchases and messages through their trigram indexes', async () => {
    const { database } = server()
    const owner = await insertUser(database, { fullName: 'Planned Person' })
    await insertLetter(database, owner)
    const pattern = searchPattern('plan') ?? ''

    const accounts = await plan(
      sql`select ${users.id} from ${users} where ${contains(pattern, users.fullName, users.email)}`,
    )
    expect(accounts).toContain('users_full_name_trgm_idx')
    expect(accounts).toContain('users_email_trgm_idx')

    const letterPlan = await plan(
      sql`select ${letters.id} from ${letters} where ${contains(pattern, letters.recipientName, letters.matter)}
        or ${ownedByMatch(letters.ownerId, pattern)}`,
    )
    expect(letterPlan).toContain('letters_recipient_name_trgm_idx')
    expect(letterPlan).toContain('letters_matter_trgm_idx')
    expect(letterPlan).toContain('letters_owner_id_version_idx')

    const purchases = await plan(
      sql`select ${subscriptions.id} from ${subscriptions} where ${contains(pattern, subscriptions.couponCode)}`,
    )
    expect(purchases).toContain('subscriptions_coupon_code_trgm_idx')

    const messages = await plan(
      sql`select ${contactMessages.id} from ${contactMessages}
        where ${contains(pattern, contactMessages.name, contactMessages.email, contactMessages.subject)}`,
    )
    for (const index of ['name', 'email', 'subject'])
      expect(messages).toContain(`contact_messages_${index}_trgm_idx`)
  })
})
