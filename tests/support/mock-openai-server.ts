import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the fake does with the next chat completion: stream `text`, or fail with `status`. */
export type FakeReply = { stream: string } | { status: number; message: string }

export type RecordedRequest = {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

export type FakeOpenAiServer = {
  /** The Base URL to configure, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string
  requests: RecordedRequest[]
  /** Replies for the next chat completions, in order; once used up, `fallback` answers. */
  queue(...replies: FakeReply[]): void
  reset(): void
  close(): Promise<void>
}

// Any page may call it, as a real hosted endpoint configured for browser use allows.
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, content-type',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(Buffer.from(chunk as Uint8Array))
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? undefined : JSON.parse(text)
}

/**
 * Streams `text` as OpenAI-style Server-Sent Events, a few characters per
 * event, and writes the bytes in uneven pieces so events arrive split.
 */
async function streamCompletion(response: ServerResponse, text: string) {
  response.writeHead(200, { ...CORS, 'Content-Type': 'text/event-stream' })
  const pieces = text.match(/[\s\S]{1,12}/g) ?? []
  const events = [
    ': keep-alive\n\n',
    ...pieces.map(
      (content) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`,
    ),
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    'data: [DONE]\n\n',
  ].join('')
  const bytes = Buffer.from(events, 'utf8')
  for (let offset = 0; offset < bytes.length; offset += 97) {
    response.write(bytes.subarray(offset, offset + 97))
    await sleep(5)
  }
  response.end()
}

/** A tiny OpenAI-compatible server on 127.0.0.1 and a free port, for browser tests. */
export async function startFakeOpenAiServer(fallback: FakeReply): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = []
  let replies: FakeReply[] = []

  const server = createServer((request, response) => {
    void (async () => {
      const path = request.url ?? '/'
      if (request.method === 'OPTIONS') {
        response.writeHead(204, CORS).end()
        return
      }
      requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body: await readBody(request),
      })
      if (request.method === 'GET' && path === '/v1/models') {
        response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ object: 'list', data: [{ id: 'fake-letter-model' }] }))
        return
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        response.writeHead(404, { ...CORS, 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ error: { message: `No route for ${path}` } }))
        return
      }
      const reply = replies.shift() ?? fallback
      if ('stream' in reply) return streamCompletion(response, reply.stream)
      response.writeHead(reply.status, { ...CORS, 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ error: { message: reply.message } }))
    })()
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...next) => replies.push(...next),
    reset() {
      replies = []
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
