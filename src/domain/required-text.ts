import { z } from '@/lib/zod'
import { formatCount } from '@/lib/format-count'

/** A text field that must be filled in: trimmed, then 1 to `max` characters, said in the field's own words. */
const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${formatCount(max)} characters`)

/** Something a reader can see: not only control, formatting or space characters. */
export const hasVisibleText = (text: string) => /[^\p{C}\p{Z}]/u.test(text)

/** As `requiredText`, and refusing text a reader could not see, such as only zero-width spaces. */
export const visibleText = (label: string, max: number) =>
  requiredText(label, max).refine(hasVisibleText, `${label} must contain visible text`)
