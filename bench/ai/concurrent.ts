import { AI_PATHS } from '@/domain/ai-api'
import type { MockOpenAiServer, RecordedRequest } from '../../tests/support/mock-openai-server'
import type { Account } from '../server/accounts'
import { directBody, generateBody, letterText } from './fixtures'
import { deltaText, eventText, readEvents } from './sse'

const TEXT = letterText(3_000)
const REPLY = { kind: 'stream', text: TEXT, delayMs: 5 } as const

/** How one of the generations at once went; `problem` is empty when it streamed to `done`. */
type Outcome = { problem: string; queued: boolean; firstMs: number; ms: number }

export type ConcurrentSide = {
  streams: number
  errors: number
  /** The first thing that went wrong, to say what. */
  firstError: string | undefined
  /** Streams that were told to wait in line. */
  queued: number
  /** The most requests the mock had open at one moment. */
  atOnce: number
  slowestFirstMs: number
  slowestMs: number
  wallMs: number
}

export type ConcurrentResult = { server: ConcurrentSide; direct: ConcurrentSide }

async function oneStream(url: string, init: RequestInit, server: boolean): Promise<Outcome> {
  const started = performance.now()
  let firstMs = Number.NaN
  let text = ''
  let end = 'ended without done'
  let queued = false
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) })
    if (response.status !== 200 || !response.body)
      return { problem: `answered ${response.status}`, queued, firstMs, ms: Number.NaN }
    await readEvents(response.body, (event) => {
      if (event.event === 'queued') queued = true
      if (event.event === 'done' || event.data === '[DONE]') end = ''
      if (event.event === 'error') end = `error ${event.data}`
      const piece = server
        ? event.event === 'text'
          ? eventText(event.data)
          : ''
        : deltaText(event.data)
      if (piece !== '' && Number.isNaN(firstMs)) firstMs = performance.now() - started
      text += piece
    })
  } catch (error) {
    end = error instanceof Error ? error.message : String(error)
  }
  const problem =
    end !== '' ? end : text === TEXT ? '' : `${text.length} of ${TEXT.length} characters`
  return { problem, queued, firstMs, ms: performance.now() - started }
}

/** The most of `requests` open at one moment, from when each arrived to when it closed. */
function mostAtOnce(requests: RecordedRequest[]): number {
  const edges = requests.flatMap((request) => [
    { at: request.receivedAt, step: 1 },
    { at: request.closedAt ?? Number.POSITIVE_INFINITY, step: -1 },
  ])
  edges.sort((a, b) => a.at - b.at || a.step - b.step)
  let open = 0
  let most = 0
  for (const edge of edges) {
    open += edge.step
    most = Math.max(most, open)
  }
  return most
}

async function side(
  mock: MockOpenAiServer,
  count: number,
  call: (index: number) => Promise<Outcome>,
): Promise<ConcurrentSide> {
  mock.queue(...Array.from({ length: count }, () => REPLY))
  const before = mock.requests.length
  const started = performance.now()
  const outcomes = await Promise.all(Array.from({ length: count }, (_, index) => call(index)))
  const wallMs = performance.now() - started
  // The mock stamps a close a moment after the stream's end reaches the reader.
  await new Promise((resolve) => setTimeout(resolve, 100))
  const chats = mock.requests.slice(before).filter((one) => one.path === '/v1/chat/completions')
  const failed = outcomes.filter((outcome) => outcome.problem !== '')
  return {
    streams: count,
    errors: failed.length,
    firstError: failed[0]?.problem,
    queued: outcomes.filter((outcome) => outcome.queued).length,
    atOnce: mostAtOnce(chats),
    slowestFirstMs: Math.max(...outcomes.map((outcome) => outcome.firstMs)),
    slowestMs: Math.max(...outcomes.map((outcome) => outcome.ms)),
    wallMs,
  }
}

/**
 * `accounts.length` generations started at once, each by its own account
 * (each has a letter in `letterIds`), every one read to its end and checked
 * to be the whole letter; then as many straight from the mock at once.
 */
export async function concurrentGenerations(
  mock: MockOpenAiServer,
  origin: string,
  accounts: Account[],
  letterIds: string[],
): Promise<ConcurrentResult> {
  const server = await side(mock, accounts.length, (index) =>
    oneStream(
      `${origin}${AI_PATHS.generate}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: accounts[index]?.cookie ?? '' },
        body: generateBody(letterIds[index] ?? ''),
      },
      true,
    ),
  )
  const direct = await side(mock, accounts.length, () =>
    oneStream(
      `${mock.baseUrl}/chat/completions`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: directBody() },
      false,
    ),
  )
  return { server, direct }
}
