import { z } from '@/lib/zod'

/** A text field that must be filled in: trimmed, then 1 to `max` characters, said in the field's own words. */
export const requiredText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)
