import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { securityHeaders } from '../plugins/helmet'
import { setupTestServer, signedUp } from '../test-support/test-server'

/**
 * Requests over a real socket, so Node's own HTTP parser and its limit on a
 * request's headers (16 KB, with the request line) are in the way, as in
 * production: `inject` has no such limit.
 */
const server = setupTestServer()

type Answer = { status: number; headers: Record<string, unknown>; body: string }

let origin = ''
let expected: Record<string, string> = {}
beforeAll(async () => {
  const { app } = server()
  for (let port = 4440; port <= 4449 && !origin; port += 1) {
    origin = await app.listen({ port, host: '127.0.0.1' }).catch(() => '')
  }
  expect(origin, 'no free port from 4440 to 4449').not.toBe('')
  expected = await securityHeaders()
})

function send(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}${path}`, { headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** Bytes that are not HTTP at all, straight onto a socket; answers what came back. */
function sendRaw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { port } = new URL(origin)
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes))
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => (answer += chunk))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

function expectRefused(answer: Answer, status: number) {
  expect(answer.status).toBe(status)
  expect(answer.headers).toMatchObject(expected)
  expect(answer.headers['content-type']).toMatch(/^application\/json/)
  expect(JSON.parse(answer.body)).toEqual({
    error: { code: 'INVALID_INPUT', message: expect.stringMatching(/\S/) },
  })
}

const cookies = (count: number) => Array.from({ length: count }, (_, i) => `c${i}=${i}`).join('; ')

describe('what Node refuses before the app sees it', () => {
  it('a 64 KB cookie or header is a 431 in the error shape, with the security headers', async () => {
    const big = 'a'.repeat(64 * 1024)
    expectRefused(await send(API_PATHS.me, { cookie: `letterhead_session=${big}` }), 431)
    expectRefused(await send(API_PATHS.signIn, { 'x-anything': big }), 431)
    expectRefused(await send(`${API_PATHS.health}?q=${big}`, {}), 431)
  })

  it('thousands of cookies: within the limit the session is found, over it a 431', async () => {
    const { cookie } = await signedUp(server().app)
    const within = await send(API_PATHS.me, { cookie: `${cookies(1200)}; ${cookie}` })
    expect(within.status, within.body).toBe(200)
    expectRefused(await send(API_PATHS.me, { cookie: `${cookies(5000)}; ${cookie}` }), 431)
  })

  it('bytes that are not an HTTP request are a 400 in the error shape', async () => {
    const answer = await sendRaw('NOT HTTP AT ALL\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/)
    const [head = '', body = ''] = answer.split('\r\n\r\n')
    for (const [name, value] of Object.entries(expected)) {
      expect(head.toLowerCase()).toContain(`\r\n${name}: ${value.toLowerCase()}`)
    }
    expect(JSON.parse(body)).toEqual({
      error: { code: 'INVALID_INPUT', message: 'The request is not valid.' },
    })
  })
})
