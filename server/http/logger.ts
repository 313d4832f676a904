import type { FastifyServerOptions } from 'fastify'

/**
 * What must never reach a log: cookies, credentials and anything typed into a
 * form. Fastify's own request lines carry no headers or bodies; these paths
 * catch a header or body logged by mistake.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'body',
  'req.body',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.adminSecret',
  '*.token',
  '*.content',
  // The AI's key (decision 031): in its settings, or in a header of a request to the model.
  '*.apiKey',
  '*.*.apiKey',
  '*.headers.authorization',
]

export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  }
}
