import type { Letter } from '@/domain/types'
import { saveFile } from '@/lib/save-file'
import { icsFileName, replyReminderIcs } from './ics'

/** Downloads the letter's reply-by day as an event with a reminder the day before. */
export function downloadReplyReminder(letter: Letter & { replyBy: string }, now = new Date()) {
  const ics = replyReminderIcs(
    {
      letterId: letter.id,
      matter: letter.matter,
      recipientName: letter.recipientName,
      reference: letter.details?.reference,
      replyBy: letter.replyBy,
    },
    now,
  )
  saveFile(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), icsFileName(letter.replyBy))
}
