import { describe, expect, it } from 'vitest'
import { probeMode } from './mode-probe'

const answering =
  (status: number, body: string, type = 'application/json'): typeof globalThis.fetch =>
  () =>
    Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }))

const HEALTH = '{"status":"ok","database":"pglite","schemaVersion":1}'
const DOWN = '{"error":{"code":"DATABASE_UNAVAILABLE","message":"No database"}}'

describe('finding the Letterhead server', () => {
  it.each([
    ['its health', answering(200, HEALTH), 'server'],
    ['its database being down (503)', answering(503, DOWN), 'server'],
    ['a 404', answering(404, 'Not found', 'text/plain'), 'device-only'],
    [
      "a static host's index.html",
      answering(200, '<!doctype html><html>', 'text/html'),
      'device-only',
    ],
    ['JSON that is not the health', answering(200, '{"status":"fine"}'), 'device-only'],
    ["a gateway's error page", answering(502, '<h1>Bad gateway</h1>', 'text/html'), null],
    ['a 503 that is not ours', answering(503, 'Service Unavailable', 'text/plain'), null],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch')), null],
  ] as const)('reads %s', async (_name, fetch, mode) => {
    expect(await probeMode(fetch)).toBe(mode)
  })
})
