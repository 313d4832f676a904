import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** Opening PGlite and migrating it takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 120_000

/** The AI settings the bench runs the server with: room for every scenario, no limit in reach. */
export type BenchAiSettings = {
  baseUrl: string
  model: string
  concurrency: number
}

export type BenchServer = {
  origin: string
  /** What the server logged at warn or above (its last 20 lines). */
  warnings: () => string[]
  /** SIGTERM, as a service manager stops it; resolves once it exited and its data is removed. */
  stop: () => Promise<void>
}

/**
 * The real Letterhead server (server/main.ts) in a process of its own on
 * 127.0.0.1:`port`, on a fresh PGlite directory, API only, its AI the given
 * OpenAI-compatible address. The rate limit and the daily budget are set as
 * high as the configuration allows, so no scenario is turned away.
 */
export async function startBenchServer(port: number, ai: BenchAiSettings): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`
  const busy = await fetch(origin).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`Port ${port} is already serving; stop that server first.`)
  const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-bench-ai-'))
  const lines: string[] = []
  // PGlite, and only the AI settings given here, whatever this shell has set.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => name !== 'DATABASE_URL' && !name.startsWith('AI_'),
    ),
  )
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-app'),
      ADMIN_SECRET: 'bench-ai-admin-secret',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '10000',
      AI_BASE_URL: ai.baseUrl,
      AI_MODEL: ai.model,
      AI_CONCURRENCY: String(ai.concurrency),
      AI_RATE_LIMIT_PER_MINUTE: '10000',
      AI_DAILY_TOKEN_BUDGET: '1000000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    lines.splice(0, Math.max(0, lines.length - 20))
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + START_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(
        `The Letterhead server exited with code ${child.exitCode}:\n${lines.join('\n')}`,
      )
    }
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The Letterhead server did not answer at ${origin}:\n${lines.join('\n')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  // The warning every API-only start logs is expected; anything else is reported.
  const warnings = () => lines.filter((line) => !line.includes('no built app found'))
  return { origin, warnings, stop }
}
