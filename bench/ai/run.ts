// `npm run bench:ai`: AI through the Letterhead server (decision 031) on loopback, each figure
// beside its floor in the same run: the first character in Chromium, what the server adds to each
// piece of a long letter, 20 generations at once, and a cancelled generation. The model is the
// tests' OpenAI-compatible mock in this process; the server is server/main.ts in its own.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { startMockOpenAiServer } from '../../tests/support/mock-openai-server'
import { seedAccounts } from '../server/accounts'
import { type BenchPage, openBenchPage } from './bench-page'
import { cancelled } from './cancel'
import { chunkLatency } from './chunks'
import { concurrentGenerations } from './concurrent'
import { firstToken } from './first-token'
import { MODEL, pushLetter } from './fixtures'
import { type BenchServer, startBenchServer } from './letterhead'
import { AI_LIMITS, aiTargets, formatAiReport } from './report'

/** The Letterhead server's port; the mock takes one the system gives. */
const SERVER_PORT = 4398
/** The whole run ends by then, targets or not. */
const DEADLINE_MS = 8 * 60_000

const USAGE = `npm run bench:ai [-- --quick]
  --quick  fewer rounds, to check the bench itself (writes test-artifacts/bench-ai.quick.json)`

function parseArgs(args: readonly string[]) {
  let quick = false
  for (const arg of args) {
    if (arg === '--quick') quick = true
    else throw new Error(`Unknown argument ${arg}\n${USAGE}`)
  }
  // Rounds of each scenario: four first-token runs and two long letters a path per round.
  return quick
    ? { quick, firstTokenRounds: 2, chunkRounds: 1, cancelRuns: 2 }
    : { quick, firstTokenRounds: 6, chunkRounds: 3, cancelRuns: 6 }
}

const log = (line: string) => console.log(line)

async function main(): Promise<number> {
  const plan = parseArgs(process.argv.slice(2))
  const started = Date.now()
  const loadBefore = loadavg()[0] ?? 0
  const mock = await startMockOpenAiServer()
  let server: BenchServer | undefined
  let bench: BenchPage | undefined
  const cleanUp = async () => {
    await bench?.browser.close().catch(() => undefined)
    await server?.stop().catch(() => undefined)
    await mock.close().catch(() => undefined)
  }
  let stopping = false
  const stopNow = (code: number, why: string) => {
    if (stopping) return
    stopping = true
    console.error(why)
    void cleanUp().finally(() => process.exit(code))
  }
  process.on('SIGINT', () => stopNow(130, 'Interrupted.'))
  process.on('SIGTERM', () => stopNow(130, 'Interrupted.'))
  const deadline = setTimeout(
    () => stopNow(1, `The bench did not finish within ${DEADLINE_MS / 60_000} minutes.`),
    DEADLINE_MS,
  )
  try {
    log(
      `Starting the Letterhead server on 127.0.0.1:${SERVER_PORT}, its AI the mock at ${mock.baseUrl}`,
    )
    server = await startBenchServer(SERVER_PORT, {
      baseUrl: mock.baseUrl,
      model: MODEL,
      concurrency: AI_LIMITS.concurrentStreams,
    })
    const { origin } = server
    log('Chromium on the server’s origin, and accounts with a letter each')
    bench = await openBenchPage(origin)
    const accounts = await seedAccounts(
      origin,
      AI_LIMITS.concurrentStreams,
      `bench-ai-${Date.now()}`,
    )
    const letterIds: string[] = []
    for (const account of accounts) letterIds.push(await pushLetter(origin, account))
    const [first] = accounts
    const firstLetter = letterIds[0]
    if (!first || !firstLetter) throw new Error('No account was made')

    log('First character in Chromium: through the server and from the page to the mock')
    const firstTokenResult = await firstToken(bench, mock, origin, plan.firstTokenRounds, log)
    log('A long letter, piece by piece: through the server and straight from the mock')
    const chunks = await chunkLatency(mock, origin, first, firstLetter, plan.chunkRounds, log)
    log(`${accounts.length} generations at once, then as many straight from the mock`)
    const concurrent = await concurrentGenerations(mock, origin, accounts, letterIds)
    log('Cancelled generations: the page leaves after the first character')
    const cancel = await cancelled(bench, mock, origin, plan.cancelRuns, log)

    const results = { firstToken: firstTokenResult, chunks, concurrent, cancel }
    const targets = aiTargets(results)
    const machine = {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      loadAverage: [loadBefore, loadavg()[0] ?? 0].map((value) => Math.round(value * 10) / 10),
    }
    const seconds = Math.round((Date.now() - started) / 1000)
    log(`\n${formatAiReport(results, targets)}\n`)
    log(
      `${machine.cpus} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load average ${machine.loadAverage.join(' → ')}. PGlite.`,
    )
    for (const line of server.warnings()) log(`The server logged: ${line}`)
    mkdirSync('test-artifacts', { recursive: true })
    writeFileSync(
      `test-artifacts/bench-ai${plan.quick ? '.quick' : ''}.json`,
      `${JSON.stringify({ date: new Date().toISOString(), machine, plan, seconds, results, targets }, null, 2)}\n`,
    )
    const missed = targets.filter((one) => !one.met)
    log(
      `${seconds} s. ${missed.length === 0 ? 'Every target met.' : `${missed.length} of ${targets.length} targets missed.`}`,
    )
    return missed.length === 0 ? 0 : 1
  } finally {
    clearTimeout(deadline)
    await cleanUp()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  },
)
