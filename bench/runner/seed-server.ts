// Run by the sync suite through tsx, before the Letterhead server starts on the same data
// folder: makes the accounts (the server's own createAccount, argon2 and all) and gives each its
// letters with one INSERT … SELECT through the server's database layer. Prints JSON on stdout.
//   tsx bench/runner/seed-server.ts <PGlite data folder> '<SeedRequest as JSON>'
import { createAccount } from '../../server/auth/accounts'
import { openDatabase } from '../../server/db/database'

export type SeedAccount = { email: string; fullName: string; password: string; letters: number }
export type SeedRequest = { accounts: SeedAccount[] }
export type SeededAccount = {
  email: string
  userId: string
  letters: number
  /** The newest letter: first in My Letters. */
  newestLetterId: string
  /** Characters of one letter's text. */
  contentChars: number
}

/** About 1,700 characters of plain prose, the letter's body; with its answers about 2 KB a letter. */
const BODY =
  'The invoice dated the first of the month remains unpaid despite two reminders sent by post and by e-mail. '.repeat(
    16,
  )

async function main() {
  const [dataDir, json] = process.argv.slice(2)
  if (!dataDir || !json) throw new Error('usage: seed-server.ts <data folder> <request as JSON>')
  const request = JSON.parse(json) as SeedRequest
  const database = await openDatabase({ kind: 'pglite', dataDir })
  const seeded: SeededAccount[] = []
  try {
    for (const account of request.accounts) {
      const now = new Date()
      const user = await createAccount(
        database.db,
        { ...account, role: 'user' },
        { now, ip: '127.0.0.1' },
      )
      // Letter i was written i seconds after the first, so the newest is the last one.
      await database.query(
        `insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
           recipient_address, matter, resolution, content, status, generator, version, created_at, updated_at)
         select gen_random_uuid(), $1, 'Demand Letter', 'Ada Sender', '1 Main Street, Springfield, Oregon 97477',
           'Bob Recipient ' || i, i || ' High Street, Shelbyville, Oregon 97478', 'Unpaid invoice ' || i,
           'Pay the invoice within 14 days of this letter.',
           'Dear Bob Recipient ' || i || E',\\n\\n' || $2 || E'\\n\\nYours faithfully,\\nAda Sender',
           'completed', 'built-in', nextval('sync_version'),
           $3::timestamptz + i * interval '1 second', $3::timestamptz + i * interval '1 second'
         from generate_series(1, $4::int) as i`,
        [user.id, BODY, new Date(now.getTime() - 86_400_000).toISOString(), account.letters],
      )
      const [newest] = (await database.query(
        'select id, length(content) as chars from letters where owner_id = $1 order by created_at desc limit 1',
        [user.id],
      )) as { id: string; chars: number }[]
      if (!newest) throw new Error(`No letters were stored for ${account.email}`)
      seeded.push({
        email: account.email,
        userId: user.id,
        letters: account.letters,
        newestLetterId: newest.id,
        contentChars: Number(newest.chars),
      })
    }
  } finally {
    await database.close()
  }
  process.stdout.write(`${JSON.stringify(seeded)}\n`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
