import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { E2E_ADMIN_SECRET } from './accounts'

export type LetterheadServer = {
  url: string
  dataDir: string
  /** SIGTERM, as a service manager stops it, and waits until it has exited. */
  stop: () => Promise<void>
}

async function waitForHealth(
  url: string,
  server: ChildProcess,
  output: () => string,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.exitCode !== null)
      throw new Error(`The Letterhead server exited with code ${server.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The Letterhead server did not answer at ${url}:\n${output()}`)
}

/**
 * The Letterhead server (server/main.ts) on `port`, serving the browser-test
 * build from `dist/` and keeping its embedded database in `dataDir` (a fresh
 * temporary folder unless one is given, so a restart can reuse it).
 */
export async function startLetterheadServer(
  port: number,
  dataDir = mkdtempSync(join(tmpdir(), 'letterhead-e2e-')),
  /** More settings, e.g. `DATABASE_URL` to run on PostgreSQL instead of the embedded database. */
  env: Record<string, string> = {},
  /** How long it may take to answer; a busy machine (the benches) may need more. */
  startTimeoutMs = 60_000,
): Promise<LetterheadServer> {
  const url = `http://127.0.0.1:${port}`
  // A server left over from an interrupted run would answer in place of ours.
  const busy = await fetch(url).then(
    () => true,
    () => false,
  )
  if (busy) throw new Error(`Port ${port} is already serving; stop the old server first.`)
  let output = ''
  const server = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: resolve(process.env.E2E_OUT_DIR ?? 'dist'),
      ADMIN_SECRET: E2E_ADMIN_SECRET,
      // Every browser test signs in from 127.0.0.1; the per-address limit is the server's own tests'.
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      server.kill('SIGTERM')
    })
  try {
    await waitForHealth(url, server, () => output, startTimeoutMs)
  } catch (error) {
    // A server that never answered must not stay behind, holding the port for the next run.
    await stop()
    throw error
  }
  return { url, dataDir, stop }
}

/** Removes a server's data folder once nothing needs it. */
export function removeDataDir(server: LetterheadServer): void {
  rmSync(server.dataDir, { recursive: true, force: true })
}

export type ServerForFile = {
  /** Where the server answers now. */
  url: () => string
  /** Stops it (SIGTERM) and starts it again on the same data. */
  restart: () => Promise<void>
}

/**
 * One Letterhead server for a test file, on `port`: started before its tests,
 * stopped after them, its data folder removed. `env()` is read at each start.
 */
export function setupLetterheadServer(
  port: number,
  env: () => Record<string, string> = () => ({}),
): ServerForFile {
  let server: LetterheadServer | undefined
  const current = () => {
    if (!server) throw new Error('The Letterhead server has not started')
    return server
  }
  beforeAll(async () => {
    server = await startLetterheadServer(port, undefined, env())
  })
  afterAll(async () => {
    if (!server) return
    await server.stop()
    removeDataDir(server)
  })
  return {
    url: () => current().url,
    async restart() {
      const { dataDir } = current()
      await current().stop()
      server = await startLetterheadServer(port, dataDir, env())
    },
  }
}
