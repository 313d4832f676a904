import type { z } from 'zod'
import { ERROR_MESSAGES, type ErrorCode } from '@/domain/errors'
import type { Refusal } from '@/domain/sync'
import { uniqueViolation, unstorableText } from '../db/errors'

/**
 * A mutation the rules do not allow. Thrown inside the mutation's savepoint,
 * which is undone; the push then answers the refusal and goes on with the
 * next mutation (decision 021, Refusals).
 */
export class MutationRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
  ) {
    super(message)
    this.name = 'MutationRefused'
  }
}

/**
 * How a mutation's writes are kept apart from the rest of the push: in a
 * savepoint of their own, so a refused one is undone alone, or not at all,
 * so a refusal must undo the whole attempt (decision 044).
 */
export type Isolation = 'savepoint' | 'none'

/** A letter that is not the user's answers as if it did not exist. */
export const notFound = () => new MutationRefused('NOT_FOUND')

/** zod's first complaint, naming where it is when it is inside the args. */
export function firstProblem(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'The change is not valid.'
  const path = issue.path.map(String).join('.')
  return path ? `${path}: ${issue.message}` : issue.message
}

export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw new MutationRefused('INVALID_INPUT', firstProblem(result.error))
  return result.data
}

/**
 * What a failed mutation tells its device, or null for a failure of the
 * server (rethrown, a 500). Text the database cannot store and an id already
 * taken are what the device sent, so they are refusals of that mutation alone.
 */
export function refusalOf(error: unknown, id: number): Refusal | null {
  if (error instanceof MutationRefused) return { id, code: error.code, message: error.message }
  if (unstorableText(error)) {
    return {
      id,
      code: 'INVALID_INPUT',
      message: 'Text may not contain the character U+0000 (NUL).',
    }
  }
  if (uniqueViolation(error) !== null) {
    return { id, code: 'INVALID_INPUT', message: 'An id in this change is already in use.' }
  }
  return null
}
