import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small OpenAI-compatible server on 127.0.0.1 for tests: real HTTP, real
 * Server-Sent Events, CORS open so a page on another port may call it.
 */

/** What the server does with the next chat completion. */
export type MockReply =
  /** Streams a finished letter written from the request's data block. */
  | { kind: 'letter'; signature?: string; delayMs?: number; usage?: MockUsage }
  /**
   * Streams `text` as completion deltas, `delayMs` between pieces, after
   * `firstDelayMs` of silence once the headers are sent; with `usage`, a last
   * chunk reports it, as servers do when asked for `stream_options.include_usage`.
   */
  | { kind: 'stream'; text: string; delayMs?: number; firstDelayMs?: number; usage?: MockUsage }
  /**
   * Answers with one whole chat completion as JSON, as a server that does not
   * stream does: `text`, or a letter written from the request's data block.
   */
  | { kind: 'json'; text?: string; usage?: MockUsage }
  /** Streams the first `bytes` bytes of `text`'s stream, then drops the connection. */
  | { kind: 'cut'; text: string; bytes: number }
  /** Waits for `gate` before answering with `then`. */
  | { kind: 'gated'; gate: Promise<unknown>; then: MockReply }
  /** Sends `body` as it is, cut into pieces of `chunkBytes` bytes. */
  | { kind: 'raw'; body: string; status?: number; contentType?: string; chunkBytes?: number }
  /** Answers with an OpenAI-style error object. */
  | { kind: 'status'; status: number; message: string }
  /** Sends the headers and one piece of text, then nothing more. */
  | { kind: 'stall' }

export type RecordedRequest = {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
  /** When the request arrived and when its connection closed (Date.now()), for timing aborts. */
  receivedAt: number
  closedAt?: number
  /**
   * Each piece of the answer's body as it was written: when (milliseconds
   * since the epoch, to a fraction of one: `performance.timeOrigin +
   * performance.now()`), and how many bytes of the body were out by then.
   * The AI bench times each piece from here to its reader.
   */
  writes: Array<{ at: number; bytes: number }>
}

/** Token counts as OpenAI reports them. */
export type MockUsage = { prompt_tokens: number; completion_tokens: number }

export type MockOpenAiServer = {
  /** The Base URL to configure, e.g. http://127.0.0.1:41234/v1 */
  baseUrl: string
  requests: RecordedRequest[]
  /** The chat completion requests so far. */
  chats(): ChatRequest[]
  /** Replies for the next chat completions, in order; once used up, `fallback` answers. */
  queue(...replies: MockReply[]): void
  reset(): void
  close(): Promise<void>
}

export type ChatRequest = {
  model: string
  stream: boolean
  messages: Array<{ role: string; content: string }>
}

export type MockOptions = { fallback?: MockReply; models?: string[] }

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

/** The JSON object between a chat request's `BEGIN <tag>` and `END <tag>` lines. */
export function letterData(chat: ChatRequest): Record<string, string> {
  const user = chat.messages.find((message) => message.role === 'user')?.content ?? ''
  const block = /^BEGIN (\S+)\n([\s\S]*)\nEND \1$/.exec(user)
  if (!block?.[2]) throw new Error('the user message has no data block')
  return JSON.parse(block[2]) as Record<string, string>
}

/** A letter such as a well-behaved model writes from the data it was given. */
export function letterFromData(data: Record<string, string>, signature = ''): string {
  return [
    `${data.senderName}\n${data.senderAddress}`,
    data.date,
    `${data.recipientName}\n${data.recipientAddress}`,
    `Re: ${data.matter}`,
    `Dear ${data.recipientName}:`,
    `I am writing to you formally about the following matter: ${data.matter}. This letter ` +
      'sets out what happened and what I ask of you in order to resolve it.',
    `To resolve this, I ask the following: ${data.resolution}`,
    // Recommendation letters and corporate documents have no deadline and ask no reply.
    data.responseDeadline === undefined
      ? 'I would be glad to provide any further information you may find useful.'
      : `Please respond in writing within ${data.replyWithinDays ?? 30} days, on or before ` +
        `${data.responseDeadline}. If I do not hear from you by then, I will consider the next ` +
        'appropriate steps.',
    ...(signature ? [signature] : []),
    'Sincerely,',
    data.senderName,
  ].join('\n\n')
}

const delta = (content: string) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`

/** The SSE body of a streamed completion: a keep-alive comment, small deltas, a stop, `[DONE]`. */
export function sseCompletion(text: string, usage?: MockUsage): string {
  const pieces = text.match(/[\s\S]{1,12}/g) ?? []
  return [
    ': keep-alive\n\n',
    ...pieces.map(delta),
    `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    ...(usage ? [`data: ${JSON.stringify({ choices: [], usage })}\n\n`] : []),
    'data: [DONE]\n\n',
  ].join('')
}

/** A whole, non-streamed chat completion. */
export function jsonCompletion(text: string, usage?: MockUsage): string {
  return JSON.stringify({
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    ...(usage ? { usage } : {}),
  })
}

/** Writes `body` in pieces of `chunkBytes`, so events and characters arrive split. */
async function writeInPieces(
  response: ServerResponse,
  body: string,
  chunkBytes: number,
  delayMs: number,
  writes: RecordedRequest['writes'] = [],
) {
  const bytes = Buffer.from(body, 'utf8')
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    if (response.destroyed) return
    response.write(bytes.subarray(offset, offset + chunkBytes))
    writes.push({
      at: performance.timeOrigin + performance.now(),
      bytes: Math.min(bytes.length, offset + chunkBytes),
    })
    await (delayMs > 0 ? sleep(delayMs) : new Promise(setImmediate))
  }
  response.end()
}

const SSE_HEADERS = { ...CORS, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' }

async function reply(
  response: ServerResponse,
  chat: ChatRequest,
  next: MockReply,
  writes: RecordedRequest['writes'],
) {
  switch (next.kind) {
    case 'letter':
    case 'stream': {
      const text =
        next.kind === 'letter' ? letterFromData(letterData(chat), next.signature) : next.text
      response.writeHead(200, SSE_HEADERS)
      if (next.kind === 'stream' && next.firstDelayMs) {
        response.flushHeaders()
        await sleep(next.firstDelayMs)
      }
      return writeInPieces(response, sseCompletion(text, next.usage), 97, next.delayMs ?? 2, writes)
    }
    case 'json':
      response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' })
      response.end(jsonCompletion(next.text ?? letterFromData(letterData(chat)), next.usage))
      return
    case 'cut': {
      response.writeHead(200, SSE_HEADERS)
      const bytes = Buffer.from(sseCompletion(next.text), 'utf8').subarray(0, next.bytes)
      response.write(bytes)
      await sleep(20)
      response.socket?.destroy()
      return
    }
    case 'gated':
      await next.gate
      return reply(response, chat, next.then, writes)
    case 'raw':
      response.writeHead(next.status ?? 200, {
        ...CORS,
        'Content-Type': next.contentType ?? 'text/event-stream',
      })
      return writeInPieces(response, next.body, next.chunkBytes ?? 1 << 20, 0)
    case 'status':
      response.writeHead(next.status, { ...CORS, 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ error: { message: next.message } }))
      return
    case 'stall':
      response.writeHead(200, SSE_HEADERS)
      response.write(delta('Dear'))
      return
  }
}

export async function startMockOpenAiServer(options: MockOptions = {}): Promise<MockOpenAiServer> {
  const { fallback = { kind: 'letter' }, models = ['mock-letter-model'] } = options
  const requests: RecordedRequest[] = []
  let replies: MockReply[] = []

  const server = createServer((request, response) => {
    // Each write goes out as its own packet, so the client really reads split events.
    request.socket.setNoDelay(true)
    void (async () => {
      const path = request.url ?? '/'
      if (request.method === 'OPTIONS') {
        response.writeHead(204, CORS).end()
        return
      }
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body: undefined,
        receivedAt: Date.now(),
        writes: [],
      }
      // The client went away (or the answer ended): tests time how fast an abort reaches here.
      response.once('close', () => {
        recorded.closedAt = Date.now()
      })
      recorded.body = await readBody(request)
      requests.push(recorded)
      if (request.method === 'GET' && path === '/v1/models') {
        response.writeHead(200, { ...CORS, 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id })) }))
        return
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        response.writeHead(404, { ...CORS, 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ error: { message: `No route for ${path}` } }))
        return
      }
      await reply(
        response,
        recorded.body as ChatRequest,
        replies.shift() ?? fallback,
        recorded.writes,
      )
    })()
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chats: () =>
      requests
        .filter((request) => request.path === '/v1/chat/completions')
        .map((request) => request.body as ChatRequest),
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
