import type { StorageOp, StorageScaleResult } from '../shared/harness-api'
import { median, percentile } from '../shared/stats'
import type { ExportResult } from './exports'
import type { LoadResult } from './load'
import type { ScreenResult } from './screens'
import type { SyncResult } from './sync'

export type Results = {
  storage?: StorageScaleResult[]
  screens?: { myLetters: ScreenResult; admin: ScreenResult }
  export?: ExportResult
  load?: LoadResult[]
  sync?: SyncResult
}

export type Target = {
  name: string
  value: number | null
  limit: number
  /** `max`: the value must not exceed the limit; `min`: it must reach it. */
  kind: 'max' | 'min'
  unit: string
  met: boolean
  note?: string
}

function target(
  name: string,
  value: number | null,
  kind: Target['kind'],
  limit: number,
  unit: string,
  note?: string,
): Target {
  const met =
    value !== null && !Number.isNaN(value) && (kind === 'max' ? value <= limit : value >= limit)
  return { name, value, limit, kind, unit, met, ...(note ? { note } : {}) }
}

const times = (scale: StorageScaleResult | undefined, op: StorageOp) => scale?.ops[op]

function storageTargets(storage: StorageScaleResult[]): Target[] {
  const at10k = storage.find((scale) => scale.letters === 10_000 && scale.ops.list)
  const demo = storage.find((scale) => scale.letters === 100_000)
  const out: Target[] = []
  for (const op of ['list', 'create'] as const) {
    const t = times(at10k, op)
    const speedup = t?.repository && t.baseline ? t.baseline / t.repository : null
    const note =
      at10k?.baselineFit === 'over-quota'
        ? 'over localStorage quota: baseline timed on the JSON in memory'
        : undefined
    out.push(target(`${op} at 10,000 letters vs localStorage`, speedup, 'min', 10, '×', note))
  }
  const overhead = (label: string, scale: StorageScaleResult | undefined, op: StorageOp) => {
    const t = times(scale, op)
    const ratio = t?.repository && t.raw ? t.repository / t.raw : null
    out.push(target(`${label}: repository ÷ raw IndexedDB`, ratio, 'max', 1.5, '×'))
  }
  overhead('list at 10,000 letters', at10k, 'list')
  overhead('admin totals at 10,000 letters', at10k, 'totals')
  overhead('admin totals at 100,000 letters', demo, 'totals')
  return out
}

/** The sync suite's limits (the outbox's is checked with the storage suite). */
export const SYNC_LIMITS = {
  downloadOverFloor: 2,
  rowsAfterShellMs: 500,
  longestTaskMs: 200,
  liveMedianMs: 150,
  liveP95Ms: 500,
  outboxAddedMs: 1,
} as const

const count = (value: number) => value.toLocaleString('en-US')
const fixed = (value: number) =>
  Math.abs(value) < 10 ? value.toFixed(1) : String(Math.round(value))

/** A download's time against its floor's, run by run; the median of the ratios is the figure. */
export const downloadRatio = (sync: SyncResult) =>
  median(sync.downloads.map((run) => run.syncMs / run.floor.totalMs))

function syncTargets(sync: SyncResult): Target[] {
  const runs = sync.downloads
  const letters = count(runs[0]?.letters ?? 0)
  const syncMs = median(runs.map((run) => run.syncMs))
  const floorMs = median(runs.map((run) => run.floor.totalMs))
  const longest = runs.every((run) => run.longTaskSupported)
    ? Math.max(...runs.map((run) => run.longestTaskMs))
    : null
  const { app, floor } = sync.live
  return [
    target(
      `New device downloads ${letters} letters: sync ÷ raw fetch + raw IndexedDB put`,
      downloadRatio(sync),
      'max',
      SYNC_LIMITS.downloadOverFloor,
      '×',
      `medians ${fixed(syncMs)} ms against ${fixed(floorMs)} ms`,
    ),
    target(
      `New device: first letter in My Letters after the dashboard's header (${letters} letters)`,
      median(runs.map((run) => run.shellToRowsMs)),
      'max',
      SYNC_LIMITS.rowsAfterShellMs,
      'ms',
    ),
    target(
      `New device: longest main-thread task during the download (${letters} letters, every run)`,
      longest,
      'max',
      SYNC_LIMITS.longestTaskMs,
      'ms',
    ),
    target(
      'Letter saved on A shows on B: median',
      median(app),
      'max',
      SYNC_LIMITS.liveMedianMs,
      'ms',
      `floor ${fixed(median(floor))} ms`,
    ),
    target(
      'Letter saved on A shows on B: p95',
      percentile(app, 0.95),
      'max',
      SYNC_LIMITS.liveP95Ms,
      'ms',
      `floor ${fixed(percentile(floor, 0.95))} ms`,
    ),
  ]
}

/** What recording a write's mutation adds to it, at 10,000 letters (the storage suite). */
function outboxTargets(storage: StorageScaleResult[]): Target[] {
  const at10k = storage.find((scale) => scale.letters === 10_000)
  return (at10k?.outbox ?? []).map((row) =>
    target(
      `Outbox append added to ${row.op} at 10,000 letters (median of syncing − not syncing, round by round)`,
      row.added,
      'max',
      SYNC_LIMITS.outboxAddedMs,
      'ms',
      `medians ${fixed(row.present)} ms against ${fixed(row.absent)} ms; plain IndexedDB adds ${fixed(row.rawAdded)} ms`,
    ),
  )
}

/** Every target the brief sets, against what this run measured. */
export function checkTargets(results: Results): Target[] {
  const out: Target[] = []
  if (results.storage)
    out.push(...storageTargets(results.storage), ...outboxTargets(results.storage))
  if (results.screens) {
    out.push(
      target(
        `My Letters rows after the shell (${results.screens.myLetters.data})`,
        results.screens.myLetters.afterShell,
        'max',
        100,
        'ms',
      ),
      target(
        `Admin cards and first page after the shell (${results.screens.admin.data})`,
        results.screens.admin.afterShell,
        'max',
        300,
        'ms',
      ),
    )
  }
  if (results.export) {
    out.push(
      target('PDF, one page, chunks loaded', results.export.pdf.onePage, 'max', 150, 'ms'),
      target('DOCX, one page, chunks loaded', results.export.docx.onePage, 'max', 150, 'ms'),
    )
  }
  for (const load of results.load ?? []) {
    if (load.path === '/' && load.mode === 'online')
      out.push(target('Landing page JS (gzip)', load.jsGzip / 1024, 'max', 100, 'KB'))
    out.push(target(`LCP of ${load.path}, ${load.mode}`, load.lcp, 'max', 1000, 'ms'))
  }
  if (results.sync) out.push(...syncTargets(results.sync))
  return out
}
