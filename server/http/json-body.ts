import type { FastifyInstance } from 'fastify'
import { AppError } from '@/domain/errors'
import { wellFormedJson } from './well-formed-json'

/**
 * A JSON escape of a UTF-16 surrogate. A body is UTF-8, which cannot hold a lone surrogate, so only
 * through such an escape can its text hold one.
 */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

/**
 * What a key that reaches a prototype needs in the text: its name, or an escape that could spell
 * it. A body with neither is parsed without the reviver, which makes JSON.parse about 3× slower.
 */
const MAY_HOLD_FORBIDDEN_KEY = /__proto__|constructor|\\u/

/** Keys that would reach an object's prototype if any code merged the body into an object. */
function refuseForbiddenKeys(key: string, value: unknown): unknown {
  const reachesPrototype =
    key === '__proto__' ||
    (key === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value)
  if (reachesPrototype) {
    throw new AppError('INVALID_INPUT', `The request body holds a key that is not allowed: ${key}.`)
  }
  return value
}

/**
 * Bodies are JSON and nothing else: Fastify's text/plain parser goes (a text
 * body would reach a route that takes none), and a body with a key that could
 * reach a prototype is refused by name, rather than quietly pruned and run.
 * Too deep to parse is not valid JSON, not a crash. A lone surrogate in its text becomes U+FFFD,
 * as the PostgreSQL driver makes it in a text column: the embedded PGlite refuses some such text
 * with an error (a surrogate after "é" in a letter's sender name, found by the no-500 property
 * test), and no route should see text that no encoding can hold.
 */
export function registerJsonBodies(app: FastifyInstance) {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(
        new AppError('INVALID_INPUT', 'The request body is empty; send a JSON object.'),
        undefined,
      )
      return
    }
    try {
      const parsed: unknown = MAY_HOLD_FORBIDDEN_KEY.test(text)
        ? JSON.parse(text, refuseForbiddenKeys)
        : JSON.parse(text)
      done(null, SURROGATE_ESCAPE.test(text) ? wellFormedJson(parsed) : parsed)
    } catch (error) {
      done(
        error instanceof AppError
          ? error
          : new AppError('INVALID_INPUT', 'The request body is not valid JSON.'),
        undefined,
      )
    }
  })
}
