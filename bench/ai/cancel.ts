import { setTimeout as sleep } from 'node:timers/promises'
import { AI_PATHS } from '@/domain/ai-api'
import type { MockOpenAiServer } from '../../tests/support/mock-openai-server'
import type { BenchPage } from './bench-page'
import { directBody, generateBody, letterText } from './fixtures'
import { streamFromPage } from './page-stream'

/** Long and slow: about ten seconds of letter, so it is still streaming when the page leaves. */
const REPLY = { kind: 'stream', text: letterText(6_000), delayMs: 50 } as const

export type CancelResult = {
  /** Ms from the page's abort to the mock's request closing, each run. */
  server: number[]
  direct: number[]
}

/**
 * The page aborts its fetch once the first character has come; the mock
 * stamps when the request it was answering closed. Through the server that
 * is the server noticing the browser left and aborting its own request to
 * the model; the floor is the page's abort reaching the mock directly.
 */
export async function cancelled(
  bench: BenchPage,
  mock: MockOpenAiServer,
  origin: string,
  runs: number,
  log: (line: string) => void,
): Promise<CancelResult> {
  const result: CancelResult = { server: [], direct: [] }
  for (let run = 0; run < runs; run++) {
    for (const path of ['direct', 'server'] as const) {
      mock.queue(REPLY)
      const before = mock.requests.length
      const answer = await streamFromPage(bench.page, {
        url:
          path === 'server' ? `${origin}${AI_PATHS.generate}` : `${mock.baseUrl}/chat/completions`,
        body: path === 'server' ? generateBody(bench.letterId) : directBody(),
        kind: path === 'server' ? 'server' : 'direct',
        abortAtFirst: true,
        timeoutMs: 30_000,
      })
      if (answer.abortedAt === undefined)
        throw new Error(`The ${path} stream ended ${answer.end} before its first character`)
      const request = mock.requests.slice(before).find((one) => one.path === '/v1/chat/completions')
      // Stopped waiting at ten seconds: the whole letter would have ended by then anyway.
      const deadline = Date.now() + 10_000
      while (request?.closedAt === undefined && Date.now() < deadline) await sleep(5)
      const closedAt = request?.closedAt
      result[path].push(
        closedAt === undefined ? Number.POSITIVE_INFINITY : closedAt - answer.abortedAt,
      )
    }
    log(`  cancel: run ${run + 1} of ${runs}`)
  }
  // The server records the cancelled attempts; let it before the next scenario.
  await sleep(200)
  return result
}
