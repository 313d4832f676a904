import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { errorBody, errorBodySchema } from '@/domain/api'
import { AppError, type ErrorCode } from '@/domain/errors'
import { unstorableText } from '../db/errors'

/** The HTTP status of each refusal the server sends. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  INVALID_INPUT: 400,
  INVALID_PLAN: 400,
  COUPON_REQUIRED: 400,
  PAYMENT_DETAILS_REQUIRED: 400,
  CARD_NUMBER_INVALID: 400,
  CARD_EXPIRY_INVALID: 400,
  CVV_INVALID: 400,
  PAYMENT_AMOUNT_INVALID: 400,
  // A card the bank refused: 402, as payment processors answer.
  CARD_EXPIRED: 402,
  PAYMENT_FAILED: 402,
  CARD_DECLINED_INSUFFICIENT_FUNDS: 402,
  CARD_DECLINED_EXPIRED: 402,
  CARD_DECLINED_CVC: 402,
  PROCESSING_ERROR: 402,
  WRONG_CURRENT_PASSWORD: 400,
  SAME_PASSWORD: 400,
  RESET_LINK_INVALID: 400,
  RESET_LINK_EXPIRED: 400,
  RESET_LINK_USED: 400,
  INVALID_CREDENTIALS: 401,
  NOT_SIGNED_IN: 401,
  SESSION_ENDED: 401,
  INVALID_ADMIN_SECRET: 403,
  FORBIDDEN: 403,
  ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  INVALID_COUPON: 404,
  USER_EXISTS: 409,
  LAST_ADMIN: 409,
  UNPAID_COMMISSION: 409,
  CLIENT_TOO_OLD: 409,
  IDEMPOTENCY_CONFLICT: 409,
  CHECKOUT_IN_PROGRESS: 409,
  // Two devices spent the same last letter: the next purchase pays it (DESIGN.md §8).
  LETTERS_OWED: 402,
  BODY_TOO_LARGE: 413,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  AI_BUSY: 429,
  AI_BUDGET_EXHAUSTED: 429,
  // The payment provider failed us: a gateway's answer, as a proxy's would be.
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  // The AI model failed us, or wrote what the output guard refused.
  AI_UPSTREAM_FAILED: 502,
  AI_OUTPUT_REFUSED: 502,
  DATABASE_UNAVAILABLE: 503,
  AI_UNAVAILABLE: 503,
  AI_TIMEOUT: 504,
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 500
}

/**
 * What Fastify itself refuses before a route runs, in words a client can act on.
 * JSON that does not parse is refused by the app's own parser (json-body.ts).
 */
function describeFastifyError(error: FastifyError): { code: ErrorCode; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'BODY_TOO_LARGE', message: 'That request is too large.' }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'INVALID_INPUT',
        message: 'Send the request body as JSON (Content-Type: application/json).',
      }
    default:
      return { code: 'INVALID_INPUT', message: error.message }
  }
}

type ValidationIssue = {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
}

/** Whether the value at `instancePath` (`/a/b`) is absent from `input`, the body it was read from. */
function isAbsent(input: unknown, instancePath: string): boolean {
  const keys = instancePath.split('/').slice(1)
  const last = keys.pop()
  if (last === undefined || last === '') return false
  let container = input
  for (const key of keys) {
    if (typeof container !== 'object' || container === null) return false
    container = (container as Record<string, unknown>)[key]
  }
  return typeof container === 'object' && container !== null && !Object.hasOwn(container, last)
}

/**
 * zod's wording for a missing or mistyped field names no field; say which one.
 * `input` is what was validated: a field absent from it is required, whatever
 * message its schema gives for a bad value ("Choose an account type").
 */
export function describeValidation(issue: ValidationIssue | undefined, input?: unknown): string {
  if (!issue) return 'The request is not valid.'
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
  if (field && isAbsent(input, issue.instancePath)) return `${field} is required.`
  if (issue.keyword === 'invalid_type') {
    if (!field) return 'Send a JSON object.'
    return issue.message?.endsWith('received undefined')
      ? `${field} is required.`
      : `${field} must be a ${String(issue.params.expected)}.`
  }
  if (issue.keyword === 'unrecognized_keys') {
    const keys = Array.isArray(issue.params.keys) ? issue.params.keys.map(String) : []
    return `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}.`
  }
  return issue.message ?? 'The request is not valid.'
}

/** The part of the request a schema refused. */
function validatedInput(request: FastifyRequest, context: string | undefined): unknown {
  switch (context) {
    case 'body':
      return request.body
    case 'querystring':
      return request.query
    case 'params':
      return request.params
    case 'headers':
      return request.headers
    default:
      return undefined
  }
}

type QueryError = Error & { query: string; params: unknown; cause?: unknown }

function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && 'query' in error && 'params' in error
}

/**
 * What of a failure may be logged. A failed query's message and `params` hold
 * the values it was given (emails, names, hashes, a letter's text): the log
 * keeps the SQL and the database's own code and message, never the values.
 */
export function loggable(error: unknown): unknown {
  if (!isQueryError(error)) return error
  const cause = error.cause as
    { code?: unknown; constraint?: unknown; message?: unknown } | undefined
  const failed = new Error(`Failed query: ${error.query}`)
  failed.name = error.name
  // The original stack opens with the message, values and all; only its frames are kept.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  failed.stack = [`${failed.name}: ${failed.message}`, ...frames].join('\n')
  return Object.assign(failed, {
    code: cause?.code,
    constraint: cause?.constraint,
    cause: typeof cause?.message === 'string' ? cause.message : undefined,
  })
}

/**
 * Every error becomes `{"error":{"code","message"}}`. Refusals of what a client
 * sent keep their 4xx status and say what was wrong; anything else is logged
 * and answered with a plain 500 that reveals nothing.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(statusOf(error.code)).send(errorBody(error.code, error.message))
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(
          errorBody(
            'INVALID_INPUT',
            describeValidation(
              error.validation[0],
              validatedInput(request, error.validationContext),
            ),
          ),
        )
    }
    if (error.statusCode === 429) {
      // The rate limiter throws the body its errorResponseBuilder made, wait included.
      const built = errorBodySchema.safeParse(error)
      return reply.status(429).send(built.success ? built.data : errorBody('RATE_LIMITED'))
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const { code, message } = describeFastifyError(error)
      return reply.status(error.statusCode).send(errorBody(code, message))
    }
    if (unstorableText(error)) {
      // What the client sent held a character no text column takes; the transaction is undone.
      return reply
        .status(400)
        .send(errorBody('INVALID_INPUT', 'Text may not contain the character U+0000 (NUL).'))
    }
    request.log.error({ err: loggable(error) }, 'request failed')
    return reply.status(500).send(errorBody('SERVER_ERROR'))
  })
}

/** Fastify's refusals of a request it could not route at all. */
export function badRequestMessage(code: string): string {
  return code === 'FST_ERR_BAD_URL' || code === 'FST_ERR_ASYNC_CONSTRAINT'
    ? 'That address is not valid.'
    : 'The request is not valid.'
}

export function apiNotFound() {
  return errorBody('NOT_FOUND', 'There is no such API route.')
}
