import { AI_PATHS } from '@/domain/ai-api'
import {
  type MockOpenAiServer,
  type RecordedRequest,
  sseCompletion,
} from '../../tests/support/mock-openai-server'
import type { Account } from '../server/accounts'
import { directBody, generateBody, letterText } from './fixtures'
import { deltaText, eventText, readEvents } from './sse'

/** The mock's pause between the pieces it writes. */
export const CHUNK_GAP_MS = 5
/** About this many pieces make the long letter. */
const CHUNKS = 200
/** The mock writes its body in pieces of this many bytes (tests/support/mock-openai-server.ts). */
const PIECE_BYTES = 97

/** The shortest letter whose streamed body the mock writes in `pieces` pieces or more. */
function letterOfPieces(pieces: number): string {
  for (let chars = 1_000; chars < 20_000; chars += 20) {
    const text = letterText(chars)
    if (Buffer.byteLength(sseCompletion(text)) >= pieces * PIECE_BYTES) return text
  }
  throw new Error(`No letter under 20,000 characters takes ${pieces} pieces`)
}

const TEXT = letterOfPieces(CHUNKS)

/**
 * For each piece the mock wrote, how many characters of letter a reader can
 * have once it has that piece: the text of every complete event up to it.
 */
function charsAfterEachWrite(writes: RecordedRequest['writes']): number[] {
  const body = Buffer.from(sseCompletion(TEXT))
  return writes.map(({ bytes }) => {
    const prefix = body.subarray(0, bytes).toString('utf8')
    const complete = prefix.slice(0, prefix.lastIndexOf('\n\n') + 2)
    return complete
      .split('\n\n')
      .map((block) => block.split('\n').find((line) => line.startsWith('data: ')))
      .reduce((sum, line) => sum + (line ? deltaText(line.slice(6)).length : 0), 0)
  })
}

export type ChunkRun = {
  path: 'server' | 'direct'
  /** Pieces that completed some text, each timed from its write to its reader. */
  latencies: number[]
  ms: number
}

/**
 * One long letter read from Node (the mock's own process, so the mock's
 * stamps and the reader's share a clock to a fraction of a millisecond):
 * each piece that completes some text is timed from the moment the mock
 * wrote it to the moment the reader has that text.
 */
async function oneRun(
  path: ChunkRun['path'],
  mock: MockOpenAiServer,
  origin: string,
  account: Account,
  letterId: string,
): Promise<ChunkRun> {
  mock.queue({ kind: 'stream', text: TEXT, delayMs: CHUNK_GAP_MS })
  const before = mock.requests.length
  const started = performance.now()
  const response = await fetch(
    path === 'server' ? `${origin}${AI_PATHS.generate}` : `${mock.baseUrl}/chat/completions`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(path === 'server' ? { cookie: account.cookie } : {}),
      },
      body: path === 'server' ? generateBody(letterId) : directBody(),
      signal: AbortSignal.timeout(60_000),
    },
  )
  if (response.status !== 200 || !response.body)
    throw new Error(`The ${path} stream answered ${response.status}`)
  // When the reader had each count of characters.
  const arrivals: Array<{ at: number; chars: number }> = []
  let chars = 0
  let end = 'ended'
  await readEvents(response.body, (event, at) => {
    const text =
      path === 'direct'
        ? deltaText(event.data)
        : event.event === 'text'
          ? eventText(event.data)
          : ''
    if (event.event === 'done' || event.data === '[DONE]') end = 'done'
    if (event.event === 'error') end = `error ${event.data}`
    if (text === '') return
    chars += text.length
    arrivals.push({ at, chars })
  })
  const ms = performance.now() - started
  if (end !== 'done' || chars !== TEXT.length)
    throw new Error(`The ${path} stream ended ${end} after ${chars} of ${TEXT.length} characters`)
  const request = mock.requests.slice(before).find((one) => one.path === '/v1/chat/completions')
  if (!request) throw new Error('The mock recorded no request')
  const counts = charsAfterEachWrite(request.writes)
  const latencies: number[] = []
  counts.forEach((count, index) => {
    if (count === (counts[index - 1] ?? 0)) return
    const arrival = arrivals.find((one) => one.chars >= count)
    const write = request.writes[index]
    if (arrival && write) latencies.push(arrival.at - write.at)
  })
  return { path, latencies, ms }
}

export type ChunkResult = {
  pieces: number
  chars: number
  server: ChunkRun[]
  direct: ChunkRun[]
}

const ORDER = ['direct', 'server', 'server', 'direct'] as const

/** The long letter, straight from the mock and through the server, taking turns. */
export async function chunkLatency(
  mock: MockOpenAiServer,
  origin: string,
  account: Account,
  letterId: string,
  rounds: number,
  log: (line: string) => void,
): Promise<ChunkResult> {
  // Not counted: the first of each warms the connection and the code.
  for (const path of ['direct', 'server'] as const)
    await oneRun(path, mock, origin, account, letterId)
  const result: ChunkResult = {
    pieces: Math.ceil(Buffer.byteLength(sseCompletion(TEXT)) / PIECE_BYTES),
    chars: TEXT.length,
    server: [],
    direct: [],
  }
  for (let round = 0; round < rounds; round++) {
    for (const path of ORDER) result[path].push(await oneRun(path, mock, origin, account, letterId))
    log(`  chunks: round ${round + 1} of ${rounds}`)
  }
  return result
}
