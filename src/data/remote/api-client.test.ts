import { describe, expect, it, vi } from 'vitest'
import { z } from '@/lib/zod'
import { createApiClient, retryAfterMs } from './api-client'

const okSchema = z.object({ ok: z.boolean() })

const answer = (status: number, body: string, type = 'application/json') =>
  Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }))

function clientAnswering(response: () => Promise<Response>, online = true) {
  const fetch = vi.fn<typeof globalThis.fetch>(response)
  return { fetch, client: createApiClient({ fetch, online: () => online }) }
}

describe('the API client', () => {
  it('sends JSON with the session cookie of this origin and parses the answer', async () => {
    const { fetch, client } = clientAnswering(() => answer(200, '{"ok":true}'))
    expect(await client.json('/api/x', okSchema, { method: 'POST', body: { a: 1 } })).toEqual({
      ok: true,
    })
    const init = fetch.mock.calls[0]?.[1]
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
    })
  })

  it('sends no content type with no body (sign-out)', async () => {
    const { fetch, client } = clientAnswering(() =>
      Promise.resolve(new Response(null, { status: 204 })),
    )
    await client.send('/api/auth/sign-out', { method: 'POST' })
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({ accept: 'application/json' })
  })

  it('sends nothing offline and says what was needed', async () => {
    const { fetch, client } = clientAnswering(() => answer(200, '{}'), false)
    await expect(client.json('/api/x', okSchema)).rejects.toMatchObject({
      code: 'NEEDS_CONNECTION',
    })
    await expect(
      client.json('/api/x', okSchema, { offline: 'ACCOUNT_NEEDS_CONNECTION' }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NEEDS_CONNECTION' })
    expect(fetch).not.toHaveBeenCalled()
  })

  it('calls a failed request the server being unreachable', async () => {
    const { client } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')))
    await expect(client.send('/api/x')).rejects.toMatchObject({ code: 'SERVER_UNREACHABLE' })
  })

  it("shows the server's code and message", async () => {
    const { client } = clientAnswering(() =>
      answer(429, '{"error":{"code":"TOO_MANY_ATTEMPTS","message":"Try again in 2 minutes."}}'),
    )
    await expect(client.send('/api/x')).rejects.toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Try again in 2 minutes.',
      status: 429,
    })
  })

  it('says how long the server asked to be left alone (Retry-After)', async () => {
    const { client } = clientAnswering(() =>
      Promise.resolve(
        new Response('{"error":{"code":"RATE_LIMITED","message":"Wait."}}', {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '7' },
        }),
      ),
    )
    await expect(client.send('/api/x')).rejects.toMatchObject({ status: 429, retryAfterMs: 7_000 })
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(retryAfterMs('Sun, 22 Nov 2026 12:01:30 GMT', now)).toBe(90_000)
    expect(retryAfterMs('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs(null)).toBeUndefined()
    expect(retryAfterMs('soon')).toBeUndefined()
  })

  it("keeps the server's words for a code the app does not know", async () => {
    const { client } = clientAnswering(() =>
      answer(400, '{"error":{"code":"SOMETHING_NEW","message":"Something new went wrong."}}'),
    )
    await expect(client.send('/api/x')).rejects.toMatchObject({
      code: 'SERVER_ERROR',
      message: 'Something new went wrong.',
    })
  })

  it.each([
    ['a page instead of an error body', () => answer(502, '<h1>Bad gateway</h1>', 'text/html')],
    ['an answer of the wrong shape', () => answer(200, '{"ok":"yes"}')],
    ['an answer that is not JSON', () => answer(200, '<!doctype html>', 'text/html')],
  ])('takes %s as the server failing', async (_name, response) => {
    const { client } = clientAnswering(response)
    await expect(client.json('/api/x', okSchema)).rejects.toMatchObject({ code: 'SERVER_ERROR' })
  })
})
