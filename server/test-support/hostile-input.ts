import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import fc from 'fast-check'
import { expect } from 'vitest'
import { PASSWORD, TEST_ADMIN_SECRET } from './test-server'

export type Method = NonNullable<InjectOptions['method']>

/** A request as these tests send it: a string URL, a string body. */
export type HostileRequest = {
  method: Method
  url: string
  payload?: string
  headers?: Record<string, string>
}

/** Characters that have broken text handling before: NUL, controls, invisible ones, lone surrogates. */
export const TRICKY = [
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  ' ',
  '\u00a0',
  '\u200b',
  '\u202e',
  '\ud800',
  '\udfff',
  '\uffff',
  'a',
  'é',
  '😀',
]

/** Strings of every kind: printable, any code point, control characters, whole graphemes. */
export const text = fc.oneof(
  fc.string(),
  fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
)

/** Values for a field: some of them right (so the route goes deeper), most of them not. */
export const fieldValue = fc.oneof(
  { weight: 4, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' }) },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      'user',
      'employee',
      'admin',
      'single',
      'annual4',
      PASSWORD,
      TEST_ADMIN_SECRET,
      '4242 4242 4242 4242',
      '12/30',
      '2026-11-25',
      '',
      null,
      -1,
      2 ** 53,
      1e308,
      [],
      {},
    ),
  },
)

/** Characters a header value may hold on the wire; anything else never reaches the server. */
export const headerText = fc
  .string({ unit: 'binary-ascii', maxLength: 120 })
  .map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''))

export const ROLES = ['user', 'employee', 'admin'] as const
export type Role = (typeof ROLES)[number]

/** How a request carries a session: one of a role's, none, a forged one, or any cookie header. */
export type CookieChoice = { kind: 'role'; role: Role } | { kind: 'raw'; header?: string }

const forgedToken = fc
  .uint8Array({ minLength: 32, maxLength: 32 })
  .map((bytes) => Buffer.from(bytes).toString('base64url'))

export const cookieChoice: fc.Arbitrary<CookieChoice> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...ROLES).map((role) => ({ kind: 'role', role }) as const),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'raw' } as const) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('letterhead_session', '__Host-letterhead_session'), forgedToken)
      .map(([name, token]) => ({ kind: 'raw', header: `${name}=${token}` }) as const),
  },
  {
    weight: 1,
    arbitrary: headerText.map(
      (value) => ({ kind: 'raw', header: `letterhead_session=${value}` }) as const,
    ),
  },
  { weight: 1, arbitrary: headerText.map((header) => ({ kind: 'raw', header }) as const) },
)

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'garbage',
  '',
]

/** Headers a client may add, right or wrong: the origin, the idempotency key, Stripe's signature. */
const someHeaders = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom(
        'http://localhost',
        'http://localhost:80',
        'https://elsewhere.example',
        'null',
      ),
      headerText,
    ),
    'idempotency-key': fc.oneof(fc.uuid(), headerText),
    'stripe-signature': fc.oneof(
      fc.nat().map((t) => `t=${t},v1=${'0'.repeat(64)}`),
      headerText,
    ),
    accept: fc.constantFrom('*/*', 'text/event-stream', 'text/csv', 'application/json', ''),
    'x-forwarded-for': fc.constantFrom('203.0.113.9', 'not an address', ''),
  },
  { requiredKeys: [] },
)

/** Mostly none, so most requests get past the origin check to the route itself. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: someHeaders },
)

/** A value as it goes in a URL; one that cannot be encoded (a lone surrogate) goes as bad bytes. */
export function encodeUrlPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}

/** A query string of the names routes read and a few they do not, with arbitrary values. */
export const queryString = fc
  .array(
    fc.tuple(
      fc.constantFrom('limit', 'cursor', 'q', 'from', 'to', 'id', 'limit[]', '__proto__'),
      fc.oneof(text, fc.integer({ min: -1000, max: 1000 }).map(String)),
    ),
    { maxLength: 3 },
  )
  .map((pairs) => pairs.map(([k, v]) => `${encodeUrlPart(k)}=${encodeUrlPart(v)}`).join('&'))

export function describeRequest(options: HostileRequest): string {
  const body = options.payload ?? ''
  return `${options.method} ${options.url.slice(0, 300)} ${JSON.stringify(options.headers)?.slice(0, 300)} ${body.slice(0, 300)}`
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/**
 * Never a 5xx; every answer with the security headers; every refusal under
 * /api as JSON `{error: {code, message}}`.
 */
export function expectSound(
  options: HostileRequest,
  response: LightMyRequestResponse,
  securityHeaders: Record<string, string>,
) {
  const request = describeRequest(options)
  expect(response.statusCode, `${request} → ${response.body.slice(0, 300)}`).toBeLessThan(500)
  expect(response.headers, request).toMatchObject(securityHeaders)
  if (response.statusCode < 400 || !isApi(options.url)) return
  expect(response.headers['content-type'], request).toMatch(/^application\/json/)
  if (options.method === 'HEAD') return
  const answer = JSON.parse(response.body) as { error?: { code?: unknown; message?: unknown } }
  expect(Object.keys(answer), request).toEqual(['error'])
  expect(Object.keys(answer.error ?? {}).sort(), request).toEqual(['code', 'message'])
  expect(answer.error?.code, request).toMatch(/^[A-Z_]+$/)
  expect(answer.error?.message, request).toMatch(/\S/)
}
