import { median, percentile } from '../shared/stats'
import type { CancelResult } from './cancel'
import type { ChunkResult } from './chunks'
import type { ConcurrentResult } from './concurrent'
import type { FirstTokenResult } from './first-token'

/** The targets of AI through the server, each against its floor measured in the same run. */
export const AI_LIMITS = {
  /** The first character through the server, over the mock's own (its 200 ms wait in both). */
  firstTokenAddedMs: 150,
  /** What the server adds to each piece of a long letter on its way to the reader. */
  chunkAddedMs: 5,
  concurrentStreams: 20,
  concurrentErrors: 0,
  /** From the page's abort to the model's request closing. */
  cancelMs: 1_000,
} as const

export type AiResults = {
  firstToken: FirstTokenResult
  chunks: ChunkResult
  concurrent: ConcurrentResult
  cancel: CancelResult
}

export type AiTarget = {
  name: string
  value: number
  limit: number
  kind: 'max' | 'min'
  unit: string
  met: boolean
  note: string
}

function target(
  name: string,
  value: number,
  kind: AiTarget['kind'],
  limit: number,
  unit: string,
  note: string,
): AiTarget {
  const met = Number.isFinite(value) && (kind === 'max' ? value <= limit : value >= limit)
  return { name, value, limit, kind, unit, met, note }
}

const ms = (value: number) =>
  !Number.isFinite(value) ? '—' : Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(1)

const pooled = (runs: ChunkResult['server']) => runs.flatMap((run) => run.latencies)

export function aiTargets({ firstToken, chunks, concurrent, cancel }: AiResults): AiTarget[] {
  const serverFirst = median(firstToken.server)
  const floorFirst = median(firstToken.direct)
  const serverChunks = pooled(chunks.server)
  const directChunks = pooled(chunks.direct)
  const { server } = concurrent
  return [
    target(
      'First character in Chromium through POST /api/ai/generate, median',
      serverFirst,
      'max',
      Math.round(floorFirst + AI_LIMITS.firstTokenAddedMs),
      'ms',
      `the mock called from the page: ${ms(floorFirst)} ms, + ${AI_LIMITS.firstTokenAddedMs} ms`,
    ),
    target(
      'Time the server adds to each piece of a long letter, median',
      median(serverChunks) - median(directChunks),
      'max',
      AI_LIMITS.chunkAddedMs,
      'ms',
      `${ms(median(serverChunks))} ms from the mock's write to the reader, against ${ms(median(directChunks))} ms straight from the mock`,
    ),
    target(
      'Time the server adds to each piece of a long letter, p95',
      percentile(serverChunks, 0.95) - percentile(directChunks, 0.95),
      'max',
      AI_LIMITS.chunkAddedMs,
      'ms',
      `${ms(percentile(serverChunks, 0.95))} ms against ${ms(percentile(directChunks, 0.95))} ms`,
    ),
    target(
      `${server.streams} generations at once: requests the model had open together`,
      server.atOnce,
      'min',
      AI_LIMITS.concurrentStreams,
      '',
      `${server.queued} told to wait in line`,
    ),
    target(
      `${server.streams} generations at once: streams that failed or came incomplete`,
      server.errors,
      'max',
      AI_LIMITS.concurrentErrors,
      '',
      server.firstError ?? `every one ended done with the whole letter`,
    ),
    target(
      'A cancelled generation: the page leaving to the model’s request closing, slowest',
      Math.max(...cancel.server),
      'max',
      AI_LIMITS.cancelMs,
      'ms',
      `the page leaving the mock directly: slowest ${ms(Math.max(...cancel.direct))} ms`,
    ),
  ]
}

type Cell = string | number

function table(headers: string[], rows: Cell[][]): string {
  const line = (cells: Cell[]) => `| ${cells.join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

const spread = (values: number[]) =>
  [median(values), percentile(values, 0.95), Math.max(...values)].map(ms)

export function formatAiReport(results: AiResults, targets: AiTarget[]): string {
  const { firstToken, chunks, concurrent, cancel } = results
  const { server, direct } = concurrent
  return [
    `### First character in Chromium (${firstToken.runs} runs each, ms from fetch)`,
    table(
      ['path', 'median', 'p95', 'slowest'],
      [
        ['POST /api/ai/generate', ...spread(firstToken.server)],
        ['the mock, from the page (floor)', ...spread(firstToken.direct)],
      ],
    ),
    `### A long letter: ${chunks.pieces} pieces, ${chunks.chars.toLocaleString('en-US')} characters, ${chunks.server.length} runs each (ms from the mock's write to the reader, per piece)`,
    table(
      ['path', 'pieces timed', 'median', 'p95', 'slowest', 'whole letter, median ms'],
      [
        ['through the server', ...chunkRow(chunks.server)],
        ['the mock, from Node (floor)', ...chunkRow(chunks.direct)],
      ],
    ),
    `### ${server.streams} generations at once`,
    table(
      [
        'path',
        'errors',
        'open at once',
        'told to wait',
        'slowest first character ms',
        'slowest ms',
        'all done ms',
      ],
      [
        ['through the server', ...concurrentRow(server)],
        ['the mock, from Node (floor)', ...concurrentRow(direct)],
      ],
    ),
    `### A cancelled generation (${cancel.server.length} runs each, ms from the page's abort to the mock's request closing)`,
    table(
      ['path', 'median', 'slowest'],
      [
        ['through the server', ms(median(cancel.server)), ms(Math.max(...cancel.server))],
        [
          'the mock, from the page (floor)',
          ms(median(cancel.direct)),
          ms(Math.max(...cancel.direct)),
        ],
      ],
    ),
    '### Targets',
    table(
      ['target', 'measured', 'limit', 'met'],
      targets.map((t) => [
        `${t.name} (${t.note})`,
        `${Number.isInteger(t.value) ? t.value : ms(t.value)} ${t.unit}`.trim(),
        `${t.kind === 'max' ? '≤' : '≥'} ${t.limit} ${t.unit}`.trim(),
        t.met ? 'yes' : '**no**',
      ]),
    ),
  ].join('\n\n')
}

function chunkRow(runs: ChunkResult['server']): Cell[] {
  const latencies = pooled(runs)
  return [latencies.length, ...spread(latencies), ms(median(runs.map((run) => run.ms)))]
}

function concurrentRow(side: ConcurrentResult['server']): Cell[] {
  return [
    side.errors,
    side.atOnce,
    side.queued,
    ms(side.slowestFirstMs),
    ms(side.slowestMs),
    ms(side.wallMs),
  ]
}
