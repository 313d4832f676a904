// CPU time of the processes a load runs through, read from /proc by the bench's own process, so
// reading costs the server nothing: one process (the server), and every process of the PostgreSQL
// on this machine (its postmaster, its backends, and those that ended while the load ran).
import { readdirSync, readFileSync } from 'node:fs'

/** /proc counts CPU time in clock ticks of 1/100 s (USER_HZ) on Linux. */
const MICROS_PER_TICK = 10_000

type Stat = { comm: string; parent: number; ownMicros: number; endedChildrenMicros: number }

function stat(pid: number): Stat | null {
  let text: string
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return null // ended meanwhile
  }
  // "pid (comm) state ppid … utime stime cutime cstime …": comm may hold spaces and parentheses.
  const close = text.lastIndexOf(')')
  const fields = text.slice(close + 2).split(' ')
  const ticks = (index: number) => Number(fields[index] ?? Number.NaN)
  return {
    comm: text.slice(text.indexOf('(') + 1, close),
    parent: ticks(1),
    ownMicros: (ticks(11) + ticks(12)) * MICROS_PER_TICK,
    endedChildrenMicros: (ticks(13) + ticks(14)) * MICROS_PER_TICK,
  }
}

/** CPU time (user and system, µs) process `pid` has used so far, all threads. */
export function processCpuMicros(pid: number): number {
  const found = stat(pid)
  if (!found) throw new Error(`No process ${pid} to read the CPU time of`)
  return found.ownMicros
}

/**
 * CPU time (µs) of every PostgreSQL server on this machine so far: each postmaster's own, its
 * running children's, and that of children it has reaped (a backend whose connection closed),
 * which the kernel adds to the postmaster's. Null when no PostgreSQL runs here (a remote one).
 */
export function postgresCpuMicros(): number | null {
  const processes = new Map<number, Stat>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const found = stat(Number(name))
    if (found?.comm === 'postgres') processes.set(Number(name), found)
  }
  let total = 0
  let postmasters = 0
  for (const [, one] of processes) {
    const isChild = processes.has(one.parent)
    if (!isChild) postmasters += 1
    total += one.ownMicros + (isChild ? 0 : one.endedChildrenMicros)
  }
  return postmasters === 0 ? null : total
}

/**
 * What each of them used while `work` ran, in µs: the process `pid`, PostgreSQL's processes when
 * `postgres` (null when they could not be read), and the bench's own.
 */
export async function cpuDuring<T>(
  pid: number,
  postgres: boolean,
  work: () => Promise<T>,
): Promise<{ value: T; serverMicros: number; postgresMicros: number | null; benchMicros: number }> {
  const bench = () => {
    const { user, system } = process.cpuUsage()
    return user + system
  }
  const database = () => (postgres ? postgresCpuMicros() : null)
  const before = { server: processCpuMicros(pid), postgres: database(), bench: bench() }
  const value = await work()
  const after = database()
  return {
    value,
    serverMicros: processCpuMicros(pid) - before.server,
    postgresMicros: after === null || before.postgres === null ? null : after - before.postgres,
    benchMicros: bench() - before.bench,
  }
}
