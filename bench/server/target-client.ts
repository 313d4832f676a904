import { type ChildProcess, fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { DemoSizes } from '../../server/demo/sizes'
import type { MicroRow } from './micro'
import type { DatabaseChoice, Ports, SyncWrite, TargetReply, TargetRequest } from './protocol'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const TARGET = fileURLToPath(new URL('./target.ts', import.meta.url))
/** Opening PGlite and migrating it takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 120_000

type Ready = Extract<TargetReply, { type: 'ready' }>
export type Verified = Extract<TargetReply, { type: 'verified' }>
export type Timed = Extract<TargetReply, { type: 'timed' }>

/** The target process (target.ts) as the bench drives it. */
export type Target = {
  /** The target process's id, to read its memory from /proc. */
  pid: number
  ports: Ports
  databaseVersion: string
  statement: string
  securityHeaders: Record<string, string>
  warnings: string[]
  /** CPU time (user and system, µs) the target process has used so far. */
  cpu: () => Promise<number>
  verify: (options: {
    email: string
    password: string
    concurrency: number
    warmUpMs: number
    measureMs: number
  }) => Promise<Verified>
  /** findSession's parts, timed one call at a time in the target (see micro.ts). */
  micro: (token: string, calls: number, rounds: number) => Promise<MicroRow[]>
  /** Writes a push's letters one way in the target; its time (ms) and CPU there. */
  syncWrite: (write: SyncWrite) => Promise<Timed>
  /** Runs the demo seed at `sizes` on the target's database; the seconds it took. */
  seedDemo: (sizes: DemoSizes) => Promise<number>
  /** One statement on the target's database, its rows. */
  query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>
  /** Closes the apps and the database; resolves with what they logged at warn meanwhile. */
  stop: () => Promise<string[]>
}

type Pending = { resolve: (reply: TargetReply) => void; reject: (error: Error) => void }

export async function startTarget(database: DatabaseChoice, profile: boolean): Promise<Target> {
  const child: ChildProcess = fork(TARGET, [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number | 'start', Pending>()
  let nextId = 1
  let exited = false

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  child.on('message', (reply: TargetReply) => {
    const key = reply.type === 'ready' ? 'start' : (reply.id ?? 'start')
    const waiting = pending.get(key)
    if (!waiting) return
    pending.delete(key)
    if (reply.type === 'failed') waiting.reject(new Error(`The target failed: ${reply.message}`))
    else waiting.resolve(reply)
  })
  child.on('exit', (code, signal) => {
    exited = true
    failAll(new Error(`The target process ended (${signal ?? `code ${code}`})`))
  })

  const ask = (request: TargetRequest, key: number | 'start'): Promise<TargetReply> =>
    new Promise((resolve, reject) => {
      if (exited) return reject(new Error('The target process has ended'))
      pending.set(key, { resolve, reject })
      child.send(request)
    })
  const call = async <T extends TargetReply['type']>(
    request: TargetRequest & { id: number },
    type: T,
  ): Promise<Extract<TargetReply, { type: T }>> => {
    const reply = await ask(request, request.id)
    if (reply.type !== type) throw new Error(`The target answered ${reply.type}, not ${type}`)
    return reply as Extract<TargetReply, { type: T }>
  }

  let timer: NodeJS.Timeout | undefined
  let ready: Ready
  try {
    const reply = await Promise.race([
      ask({ type: 'start', database, profile }, 'start'),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The target did not start within ${START_TIMEOUT_MS} ms`)),
          START_TIMEOUT_MS,
        )
      }),
    ])
    if (reply.type !== 'ready') throw new Error(`The target answered ${reply.type}, not ready`)
    ready = reply
  } catch (error) {
    if (!exited) child.kill()
    throw error
  } finally {
    clearTimeout(timer)
  }

  const pid = child.pid
  if (pid === undefined) throw new Error('The target process has no id')
  return {
    pid,
    ports: ready.ports,
    databaseVersion: ready.databaseVersion,
    statement: ready.statement,
    securityHeaders: ready.securityHeaders,
    warnings: ready.warnings,
    cpu: async () => (await call({ type: 'cpu', id: nextId++ }, 'cpu')).cpuMicros,
    verify: (options) => call({ type: 'verify', id: nextId++, ...options }, 'verified'),
    micro: async (token, calls, rounds) =>
      (await call({ type: 'micro', id: nextId++, token, calls, rounds }, 'micro')).rows,
    syncWrite: (write) => call({ type: 'syncWrite', id: nextId++, ...write }, 'timed'),
    seedDemo: async (sizes) =>
      (await call({ type: 'seedDemo', id: nextId++, sizes }, 'seeded')).seconds,
    query: async (text, params = []) =>
      (await call({ type: 'query', id: nextId++, text, params }, 'rows')).rows,
    stop: async () => {
      if (exited) return []
      const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      try {
        return (await call({ type: 'stop', id: nextId++ }, 'stopped')).warnings
      } finally {
        if (!exited) {
          const killer = setTimeout(() => child.kill(), 10_000)
          await ended
          clearTimeout(killer)
        }
      }
    },
  }
}
