import { toast } from 'sonner'
import { AI_FALLBACK_MESSAGE, type WrittenLetter } from './generator/write-letter'

/** Tells the person when the built-in engine wrote the letter instead of the chosen model. */
export function announceFallback(fallback: WrittenLetter['fallback']) {
  if (!fallback) return
  if (fallback.kind === 'offline')
    toast.info('You are offline, so the built-in engine wrote this letter.')
  else toast.warning(AI_FALLBACK_MESSAGE, { description: fallback.reason })
}
