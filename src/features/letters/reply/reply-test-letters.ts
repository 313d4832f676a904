import { createTestRepository, SAMPLE_LETTER, signUpWithLetters } from '@/data/test-support'
import { addCalendarDays } from '@/domain/letter-dates'
import type { LetterType } from '@/domain/letter-types'
import { calendarDayOf, type ReplyState } from '@/domain/reply-tracking'

/** The calendar day `days` from today (negative: before), by this machine's clock, as the UI counts. */
export const dayFromToday = (days: number) => calendarDayOf(addCalendarDays(new Date(), days))

/** A signed-in user with letters to spend, on a fresh database whose clock is the real now. */
export async function trackingUser() {
  const test = createTestRepository(new Date())
  await signUpWithLetters(test.repo, 'ada@example.com')
  return test
}

type Written = {
  type?: LetterType
  matter?: string
  content?: string
  generator?: string
  /** Written onto the row as a pull from another device would; null removes it (a letter from before reply tracking). */
  replyBy?: string | null
  replyState?: ReplyState
}

/** A finished letter made through the repository, its reply tracking then set as given. */
export async function writtenLetter(
  { repo, db }: Awaited<ReturnType<typeof trackingUser>>,
  written: Written = {},
) {
  const created = await repo.letters.create({
    ...SAMPLE_LETTER,
    type: written.type ?? SAMPLE_LETTER.type,
    matter: written.matter ?? SAMPLE_LETTER.matter,
  })
  await repo.letters.complete(created.id, {
    content: written.content ?? 'Dear Mr Babbage,\n\nPlease pay.',
    generator: written.generator ?? 'built-in',
  })
  if (written.replyBy === null) await db.letters.update(created.id, { replyBy: undefined })
  else if (written.replyBy) await db.letters.update(created.id, { replyBy: written.replyBy })
  if (written.replyState) await repo.letters.setReplyState(created.id, written.replyState)
  return repo.letters.get(created.id)
}
