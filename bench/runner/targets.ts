import type { StorageOp, StorageScaleResult } from '../shared/harness-api'
import type { ExportResult } from './exports'
import type { LoadResult } from './load'
import type { ScreenResult } from './screens'

export type Results = {
  storage?: StorageScaleResult[]
  screens?: { myLetters: ScreenResult; admin: ScreenResult }
  export?: ExportResult
  load?: LoadResult[]
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

/** Every target the brief sets, against what this run measured. */
export function checkTargets(results: Results): Target[] {
  const out: Target[] = []
  if (results.storage) out.push(...storageTargets(results.storage))
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
  return out
}
