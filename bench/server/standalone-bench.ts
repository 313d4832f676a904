// The devices' load of the sync part again, on one Letterhead server alone (standalone-server.ts),
// its own database and its own accounts, with its process's resident memory read every 100 ms.
import { seedAccounts } from './accounts'
import { createBenchDatabase, DEFAULT_POSTGRES_URL, pgliteDirectory } from './databases'
import type { DatabaseChoice } from './protocol'
import type { DatabaseLabel } from './results'
import { type RssSummary, residentMb, sampleRssDuring, summarizeRss } from './rss'
import {
  LOAD_KINDS,
  type LoadKind,
  type LoadMeasurement,
  newDevices,
  runDevices,
  summarizeLoad,
  type SyncPlan,
  withCpu,
} from './sync-bench'
import { processTree, startStandaloneServer } from './standalone-server'

export type StandaloneResult = Record<LoadKind, LoadMeasurement> & {
  command: string
  /** Which process's memory was read, its threads and its children. */
  process: string
  staticDir: string | null
  devices: number
  /**
   * VmRSS while each load ran (every 100 ms); on start (before any account), once the devices'
   * accounts exist (before their first round), and the peak of both loads.
   */
  rss: Record<LoadKind, RssSummary> & { startMb: number; idleMb: number; peakMb: number }
  /** Child processes at the end, whose memory VmRSS leaves out (none expected). */
  childrenAtEnd: string[]
  warnings: string[]
}

/** A database of its own for the server: a new PostgreSQL database, or a new PGlite directory. */
async function ownDatabase(
  database: DatabaseLabel,
): Promise<{ choice: DatabaseChoice; remove: () => Promise<void> }> {
  if (database === 'PGlite') {
    const directory = pgliteDirectory()
    return {
      choice: { kind: 'pglite', dataDir: directory.dataDir },
      remove: () => Promise.resolve(directory.remove()),
    }
  }
  const created = await createBenchDatabase(process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL)
  return { choice: { kind: 'postgres', url: created.url }, remove: created.drop }
}

/**
 * Starts the server, signs the devices up through its API, runs one unpaced warm-up round, then
 * the paced load and the saturated one, each whole (no floor to take turns with), and stops it.
 * `cleanups` holds what an interrupted run must still undo.
 */
export async function standaloneDevices(
  database: DatabaseLabel,
  plan: SyncPlan,
  log: (line: string) => void,
  cleanups: Set<() => unknown>,
): Promise<StandaloneResult> {
  const own = await ownDatabase(database)
  cleanups.add(own.remove)
  try {
    const server = await startStandaloneServer(own.choice)
    cleanups.add(server.stop)
    // Filled when the server stops, after the result that holds it is made.
    const warnings: string[] = []
    try {
      log(`${database}: sync: one Letterhead server alone, ${server.process}`)
      const startMb = residentMb(server.pid)
      const accounts = await seedAccounts(server.origin, plan.devices, 'standalone-device')
      const devices = newDevices(accounts)
      const idleMb = residentMb(server.pid)
      await runDevices(server.origin, devices, 1, 'saturated', plan)
      const loads = {} as Record<LoadKind, LoadMeasurement>
      const rss = {} as Record<LoadKind, RssSummary>
      for (const kind of LOAD_KINDS) {
        log(`  ${plan.devices} devices, ${kind}: the server alone`)
        const memory: number[] = []
        const load = () =>
          withCpu(server.pid, database === 'PostgreSQL', () =>
            runDevices(server.origin, devices, plan.loads[kind].rounds, kind, plan),
          )
        loads[kind] = summarizeLoad([await sampleRssDuring(server.pid, load, memory)])
        rss[kind] = summarizeRss(memory)
      }
      const childrenAtEnd = processTree(server.pid).children
      return {
        command: server.command,
        process: server.process,
        staticDir: server.staticDir,
        devices: plan.devices,
        ...loads,
        rss: {
          ...rss,
          startMb,
          idleMb,
          peakMb: Math.max(...LOAD_KINDS.map((kind) => rss[kind].peakMb)),
        },
        childrenAtEnd,
        warnings,
      }
    } finally {
      cleanups.delete(server.stop)
      warnings.push(...(await server.stop()))
    }
  } finally {
    cleanups.delete(own.remove)
    await own.remove()
  }
}
