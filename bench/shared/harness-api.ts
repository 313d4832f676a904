/** What the harness page offers the runner (window.letterheadBench), and what it answers. */

export type Subject = 'repository' | 'raw' | 'baseline'
export type StorageOp = 'create' | 'list' | 'totals'

/**
 * Whether the data set fitted in localStorage; when it did not, the baseline
 * ran on the same JSON kept in memory.
 */
export type BaselineFit = 'fits' | 'over-quota'

/** Median milliseconds per subject; null when the subject failed. */
export type OpTimes = Record<Subject, number | null>

export type StorageScaleResult = {
  letters: number
  users: number
  /** Characters of JSON the baseline stores. */
  baselineChars: number
  baselineFit: BaselineFit
  runs: number
  ops: Partial<Record<StorageOp, OpTimes>>
  /**
   * A write with the bench user syncing (a syncState row, so the write appends its mutation to the
   * outbox in its transaction) against the same write without: median ms each.
   */
  outbox?: OutboxCost[]
}

/**
 * Median ms of one write by the repository and by plain IndexedDB (raw-idb.ts), each without a
 * sync state (nothing recorded) and with one (the mutation appended to the outbox); `added` and
 * `rawAdded`: the median, over rounds, of with minus without in the same round.
 */
export type OutboxCost = {
  op: 'create' | 'editContent'
  absent: number
  present: number
  rawAbsent: number
  rawPresent: number
  added: number
  rawAdded: number
}

export type SeedSummary = { users: number; letters: number; ms: number }

export type HarnessApi = {
  /** Storage and overhead figures at one size: the bench user owns every letter. */
  storage(letters: number, runs: number): Promise<StorageScaleResult>
  /** Admin totals over the demo data set (letters spread over `users` accounts). */
  adminScale(users: number, letters: number, runs: number): Promise<StorageScaleResult>
  /** The characters localStorage holds for this origin, key and value together. */
  localStorageQuota(): Promise<number>
  /** A signed-in user who owns `letters` letters, for the My Letters screen. */
  seedMyLetters(letters: number): Promise<SeedSummary>
  /** A signed-in admin over the demo data set, for the admin dashboard. */
  seedAdmin(users: number, letters: number): Promise<SeedSummary>
}

declare global {
  // Augmenting Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    letterheadBench: HarnessApi
    letterheadProbe: ProbeState
    /** Set by the sync suite's init script (bench/runner/sync-page.ts). */
    letterheadSyncProbe: SyncProbeState
    /** Diagnostics only (BENCH_SYNC_TRACE): IndexedDB transactions, fetches and clicks. */
    letterheadSyncTrace?: { at: number; what: string }[]
    /** Set by the bench on app pages: a dynamic import() of a built chunk. */
    letterheadImport: (url: string) => Promise<unknown>
  }
}

/** What the page probe has seen: when each part of a screen first showed, and paint timings. */
export type ProbeState = {
  marks: Partial<Record<ScreenPart, number>>
  fcp: number | null
  lcp: number | null
}

export type ScreenPart = 'shell' | 'rows' | 'cards' | 'table'

/** What the sync suite's init script keeps in an app page (times on the page's clock). */
export type SyncProbeState = {
  longTasks: { start: number; duration: number }[]
  longTaskSupported: boolean
  lastClick: number | null
  /** When the first download was found complete in IndexedDB. */
  download: { at: number; letters: number; error: string | null } | null
  /** When an awaited text was first seen (epoch ms: timeOrigin + now). */
  seenAt: number | null
  /** The live floor: the marker its stream waits for, and the stream. */
  floorMarker?: string | null
  floorStream?: { close: () => void; catchUp: () => Promise<void> }
}
