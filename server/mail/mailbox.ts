import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from '@/lib/zod'
import type { Mail, Mailer } from './mail'

/**
 * The development mailbox (decision 034): without SMTP_URL, outside
 * production, each mail is a JSON file under DATA_DIR/mail/, read back by
 * the page at /dev/mail, so a reset link can be followed on a laptop.
 */

const storedMailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
})
export type StoredMail = z.infer<typeof storedMailSchema>

/** The page shows this many, newest first. */
export const MAILBOX_PAGE = 50

export const mailboxDir = (dataDir: string) => join(dataDir, 'mail')

let written = 0

/**
 * File names begin with the time the mail was written and a count, so their
 * order is the order the mails were written in, even within one millisecond.
 */
const fileName = (mail: StoredMail) =>
  `${mail.createdAt.replace(/[:.]/g, '-')}-${String(++written).padStart(9, '0')}-${mail.id}.json`

export function mailboxMailer(dir: string, from: string): Mailer {
  return {
    kind: 'mailbox',
    async send(mail: Mail) {
      const stored: StoredMail = {
        id: randomUUID(),
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        createdAt: new Date().toISOString(),
      }
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await writeFile(join(dir, fileName(stored)), JSON.stringify(stored, null, 2), { mode: 0o600 })
      return true
    },
    close: () => undefined,
  }
}

/** The newest mails in the mailbox; a file that is not one of ours is passed over. */
export async function readMailbox(dir: string, limit = MAILBOX_PAGE): Promise<StoredMail[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  const newest = names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
  const mails = await Promise.all(newest.map((name) => readStoredMail(join(dir, name))))
  return mails.filter((mail) => mail !== null)
}

async function readStoredMail(path: string): Promise<StoredMail | null> {
  try {
    const parsed = storedMailSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
