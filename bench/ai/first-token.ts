import { AI_PATHS } from '@/domain/ai-api'
import type { MockOpenAiServer } from '../../tests/support/mock-openai-server'
import type { BenchPage } from './bench-page'
import { directBody, generateBody, letterText } from './fixtures'
import { streamFromPage } from './page-stream'

/** The mock model's own wait before its first token: both paths include it. */
export const FIRST_TOKEN_DELAY_MS = 200
const REPLY = {
  kind: 'stream',
  text: letterText(1_200),
  firstDelayMs: FIRST_TOKEN_DELAY_MS,
  delayMs: 2,
} as const

export type FirstTokenResult = {
  runs: number
  /** Ms from `fetch` to the first character in the page, each run. */
  server: number[]
  direct: number[]
}

/** Floor (F) and server (S) take turns, each first as often, so a change in load falls on both. */
const ORDER = ['F', 'S', 'S', 'F'] as const

/**
 * Time to the first streamed character in Chromium: through
 * `POST /api/ai/generate` (session, letter, line, prompt, the model's first
 * token, the event), against the same mock called straight from the page.
 * Every stream is read to its end, so each run starts on a quiet server.
 */
export async function firstToken(
  bench: BenchPage,
  mock: MockOpenAiServer,
  origin: string,
  rounds: number,
  log: (line: string) => void,
): Promise<FirstTokenResult> {
  const ask = (which: 'F' | 'S') => {
    mock.queue(REPLY)
    return streamFromPage(bench.page, {
      url: which === 'S' ? `${origin}${AI_PATHS.generate}` : `${mock.baseUrl}/chat/completions`,
      body: which === 'S' ? generateBody(bench.letterId) : directBody(),
      kind: which === 'S' ? 'server' : 'direct',
      abortAtFirst: false,
      timeoutMs: 30_000,
    })
  }
  // One of each first, not counted: the first connection and the server's first generation.
  for (const which of ['F', 'S'] as const) await ask(which)
  const result: FirstTokenResult = { runs: 0, server: [], direct: [] }
  for (let round = 0; round < rounds; round++) {
    for (const which of ORDER) {
      const answer = await ask(which)
      if (answer.status !== 200 || answer.end !== 'done' || Number.isNaN(answer.firstMs))
        throw new Error(`A first-token run ${which} ended ${answer.status} ${answer.end}`)
      ;(which === 'S' ? result.server : result.direct).push(answer.firstMs)
    }
    result.runs += ORDER.length / 2
    log(`  first token: round ${round + 1} of ${rounds}`)
  }
  return result
}
