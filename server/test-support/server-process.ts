import { type ChildProcess, spawn } from 'node:child_process'
import { API_PATHS } from '@/domain/api'

export type ServerProcess = {
  origin: string
  child: ChildProcess
  /** What the server wrote last (its log and any start-up error). */
  output: () => string
  /** Sends `signal` and waits until the process has exited. */
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

/** The settings a test's server never inherits from the test run's own environment. */
const NOT_INHERITED = ['TEST_DATABASE_URL', 'DATABASE_URL', 'PUBLIC_ORIGIN', 'TRUST_PROXY']

/**
 * The real server (server/main.ts) in a process of its own on `port`,
 * answering /api/health before this resolves. `env` says where its data is
 * (DATA_DIR, or DATABASE_URL) and anything else it needs.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`
  const environment: NodeJS.ProcessEnv = { ...process.env }
  for (const name of NOT_INHERITED) delete environment[name]
  Object.assign(environment, {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    ...env,
  })
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child
  // process of its own, which a SIGKILL to the command would leave running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${output}`)
    }
    try {
      if ((await fetch(`${origin}${API_PATHS.health}`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL')
      throw new Error(`The server did not answer at ${origin}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { origin, child, output: () => output, stop }
}
