import { formatDay } from '@/domain/letter-format'
import { dateOfDay } from '@/domain/reply-tracking'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** "Tuesday, December 15, 2026": a meeting's day with its weekday, as notices give it. */
export function meetingDay(day: string): string {
  return `${WEEKDAYS[dateOfDay(day).getDay()] ?? ''}, ${formatDay(day)}`
}

/** "2:30 p.m." from the form's 24-hour "14:30"; noon and midnight said plainly. */
export function meetingTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const mm = String(minutes).padStart(2, '0')
  if (hours === 12 && minutes === 0) return '12:00 noon'
  if (hours === 0 && minutes === 0) return '12:00 midnight'
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${mm} ${hours < 12 ? 'a.m.' : 'p.m.'}`
}
