import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import {
  type MockOpenAiServer,
  startMockOpenAiServer,
} from '../../tests/support/mock-openai-server'
import { buildApp } from '../app'
import type { AiSettings } from '../config'
import type { Database } from '../db/database'
import { loggerOptions } from '../http/logger'
import { freshDatabase } from './test-database'
import { recordSecret, testLogStream } from './test-log'
import { TestClock, testConfig } from './test-server'

/** The server's AI key in tests: no answer and no log line may ever hold it. */
export const AI_TEST_KEY = 'sk-test-ai-key-8d2f4e0c'
recordSecret(AI_TEST_KEY)

export type AiTestServer = {
  app: FastifyInstance
  database: Database
  clock: TestClock
  mock: MockOpenAiServer
  /** The settings the app reads on each request; a test may change them (reset before each test). */
  ai: AiSettings
  /** Every line the server logged since the file began. */
  logLines: string[]
}

/** Short enough for tests, long enough for a busy machine to send a letter in time. */
export const TEST_AI_SETTINGS: Omit<AiSettings, 'baseUrl'> = {
  model: 'mock-letter-model',
  apiKey: AI_TEST_KEY,
  timeoutMs: 20_000,
  firstTokenTimeoutMs: 10_000,
  concurrency: 4,
  queueTimeoutMs: 20_000,
  rateLimitPerMinute: 100,
  dailyTokenBudget: 1_000_000,
}

/**
 * A Letterhead server whose AI is a local OpenAI-compatible mock, on a fresh
 * database for the test file, with its log captured line by line (and written
 * to the run's server log, which `npm run test:server-log` checks for secrets).
 */
export function setupAiTestServer(options: { withAi?: boolean } = {}): () => AiTestServer {
  let server: AiTestServer | undefined
  let drop: (() => Promise<void>) | undefined
  const logLines: string[] = []
  beforeAll(async () => {
    const mock = await startMockOpenAiServer()
    const fresh = await freshDatabase()
    drop = fresh.drop
    const clock = new TestClock()
    const ai: AiSettings = { ...TEST_AI_SETTINGS, baseUrl: mock.baseUrl }
    const runLog = testLogStream()
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const text = chunk.toString('utf8')
        logLines.push(...text.split('\n').filter((line) => line !== ''))
        runLog.write(text)
        done()
      },
    })
    const app = await buildApp({
      config: testConfig(options.withAi === false ? {} : { ai }),
      database: fresh.database,
      logger: loggerOptions('trace', capture),
      clock: clock.now,
    })
    await app.ready()
    server = { app, database: fresh.database, clock, mock, ai, logLines }
  })
  beforeEach(() => {
    if (!server) return
    Object.assign(server.ai, TEST_AI_SETTINGS, { baseUrl: server.mock.baseUrl })
    server.mock.reset()
  })
  afterAll(async () => {
    await server?.app.close()
    await server?.mock.close()
    await drop?.()
  })
  return () => {
    if (!server) throw new Error('The test server has not started')
    return server
  }
}

/** One event of an AI stream as the browser reads it. */
export type SentEvent = { event: string; data: Record<string, unknown> }

/** The events of a whole `text/event-stream` body, comments left out. */
export function eventsOf(body: string): SentEvent[] {
  return body
    .split('\n\n')
    .map((block) => block.split('\n').filter((line) => !line.startsWith(':')))
    .filter((lines) => lines.length > 0 && lines.some((line) => line !== ''))
    .map((lines) => {
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length)
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length)
      if (event === undefined || data === undefined)
        throw new Error(`Not an event: ${lines.join('|')}`)
      return { event, data: JSON.parse(data) as Record<string, unknown> }
    })
}

/** Every answer a test read, to look for the key in afterwards. */
export const answersRead: string[] = []

/** `POST /api/ai/generate` through inject; resolves once the stream has ended. */
export async function generate(
  app: FastifyInstance,
  cookie: string | undefined,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/ai/generate',
    payload: body,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  })
  answersRead.push(JSON.stringify(response.headers), response.body)
  return response
}

export type UsageRow = {
  outcome: string
  tokens_in: number
  tokens_out: number
  tokens_estimated: boolean
  model: string
  letter_id: string
  ms: number
  queued_ms: number
}

/** The user's `ai_usage` rows, oldest first. */
export async function usageOf(database: Database, userId: string): Promise<UsageRow[]> {
  return (await database.query(
    `select outcome, tokens_in, tokens_out, tokens_estimated, model, letter_id, ms, queued_ms
     from ai_usage where user_id = $1 order by created_at, ms`,
    [userId],
  )) as UsageRow[]
}

/**
 * `POST /api/ai/generate` over real HTTP, read as it streams (inject waits for
 * the end): the events so far, a wait for one by name, and the browser leaving.
 */
export class AiStream {
  readonly events: SentEvent[] = []
  ended = false
  private buffer = ''

  private constructor(
    readonly response: IncomingMessage,
    private readonly request: ClientRequest,
  ) {
    response.setEncoding('utf8')
    response.on('data', (chunk: string) => {
      this.buffer += chunk
      const end = this.buffer.lastIndexOf('\n\n')
      if (end < 0) return
      this.events.push(...eventsOf(this.buffer.slice(0, end + 2)))
      this.buffer = this.buffer.slice(end + 2)
    })
    response.once('close', () => {
      this.ended = true
    })
  }

  /** Opens the stream on a connection of its own, so closing it is the browser going away. */
  static open(origin: string, cookie: string, body: Record<string, unknown>): Promise<AiStream> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        `${origin}/api/ai/generate`,
        { method: 'POST', agent: false, headers: { cookie, 'content-type': 'application/json' } },
        (response) => resolve(new AiStream(response, request)),
      )
      request.once('error', reject)
      request.end(JSON.stringify(body))
    })
  }

  /** The first event named `name`, waiting up to `timeoutMs` for it. */
  async next(name: string, timeoutMs = 10_000): Promise<SentEvent> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.events.find((event) => event.event === name)
      if (found) return found
      if (this.ended)
        throw new Error(`The stream ended without ${name}: ${JSON.stringify(this.events)}`)
      if (Date.now() > deadline) throw new Error(`No ${name} event within ${timeoutMs} ms`)
      await sleep(10)
    }
  }

  /** Waits until the server ends the stream. */
  async closed(timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`The stream was open after ${timeoutMs} ms`)
      await sleep(10)
    }
  }

  /** The browser goes away. */
  close() {
    this.request.destroy()
  }
}

/** Waits until `check` holds, polling. */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await sleep(10)
  }
}
