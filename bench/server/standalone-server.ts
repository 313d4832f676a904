// One Letterhead server in a process of its own, started as `npm start` starts it (scripts/start.mjs:
// the server bundled, run by plain node, one process), so its memory is that of a server in
// production and nothing else: no floor apps, no bench code, nothing left by earlier parts.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleServer, serverNodeArgs } from '../../scripts/server-bundle.mjs'
import type { DatabaseChoice } from './protocol'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
// Inside the checkout, as npm start's bundle is: it finds its packages in node_modules from there.
const BUNDLE_DIR = join(ROOT, 'dist-server', 'bench-bundle')
/** The ports the bench may give a server of its own. */
export const STANDALONE_PORTS = { first: 4450, last: 4469 } as const
const START_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 15_000
const ADMIN_SECRET = 'bench-standalone-admin-secret-3e9d'

/** Lines a production start logs at warn that say nothing about the load. */
const EXPECTED = ['no built app found', 'SMTP_URL is not set']

export type StandaloneServer = {
  pid: number
  origin: string
  /** The command line, and which process the bench reads the memory of. */
  command: string
  process: string
  /** The build it serves, or null when there is none (API only). */
  staticDir: string | null
  /** SIGTERM, as a service manager stops it; resolves with what it logged at warn and above. */
  stop: () => Promise<string[]>
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

async function freePort(): Promise<number> {
  for (let port = STANDALONE_PORTS.first; port <= STANDALONE_PORTS.last; port++)
    if (await portIsFree(port)) return port
  throw new Error(`No free port from ${STANDALONE_PORTS.first} to ${STANDALONE_PORTS.last}`)
}

/** The process's threads and its child processes, from /proc. */
export function processTree(pid: number): { threads: number; children: string[] } {
  const tasks = readdirSync(`/proc/${pid}/task`)
  const children = tasks.flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
  )
  const commandOf = (child: string) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim()
    } catch {
      return '(ended)'
    }
  }
  return { threads: tasks.length, children: children.map((one) => `${one}: ${commandOf(one)}`) }
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`)
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer at ${origin} within ${START_TIMEOUT_MS} ms`)
}

export async function startStandaloneServer(database: DatabaseChoice): Promise<StandaloneServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const built = join(ROOT, 'dist')
  const staticDir = existsSync(join(built, 'index.html')) ? built : null
  // The bench's own settings stay out: the server sees what a shell running `npm start` would set.
  const { NODE_OPTIONS: _options, DATABASE_URL: _url, ...inherited } = process.env
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_SECRET,
    STATIC_DIR: staticDir ?? join(ROOT, 'no-build-for-the-bench'),
    // The bench signs its devices up from one address; the per-address limit is not measured here.
    AUTH_RATE_LIMIT: '1000000',
    LOG_LEVEL: 'warn',
    ...(database.kind === 'postgres'
      ? { DATABASE_URL: database.url, DATA_DIR: join(ROOT, 'no-data-dir-for-postgres') }
      : { DATA_DIR: database.dataDir }),
  }
  rmSync(BUNDLE_DIR, { recursive: true, force: true })
  // BENCH_SERVER_CPU_PROFILE=<folder>: the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_SERVER_CPU_PROFILE
  const args = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    ...serverNodeArgs(await bundleServer({ root: ROOT, outDir: BUNDLE_DIR })),
  ]
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(killer)
    }
    return output
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !EXPECTED.some((expected) => line.includes(expected)))
      .map((line) => line.slice(0, 4000))
  }
  try {
    await waitForHealth(origin, child, () => output)
  } catch (error) {
    await stop()
    throw error
  }
  const pid = child.pid
  if (pid === undefined) throw new Error('The server process has no id')
  const tree = processTree(pid)
  const children = tree.children.length === 0 ? 'no child process' : tree.children.join('; ')
  return {
    pid,
    origin,
    command: `node ${args.join(' ')} (NODE_ENV=production, PORT=${port}, ${database.kind === 'postgres' ? 'DATABASE_URL' : 'DATA_DIR'})`,
    process: `pid ${pid}, the node process that runs the bundled server itself (${tree.threads} threads; ${children})`,
    staticDir,
    stop,
  }
}
