import type { z } from 'zod'
import { AppError } from './errors'

/** Parses untrusted input at a boundary; the first problem becomes the error's message. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (result.success) return result.data
  const first = result.error.issues[0]
  throw new AppError('INVALID_INPUT', first?.message ?? undefined)
}
