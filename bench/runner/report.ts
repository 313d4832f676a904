import type { StorageScaleResult } from '../shared/harness-api'
import { round } from '../shared/stats'
import type { FormatTimes } from './exports'
import type { Results, Target } from './targets'

type Cell = string | number | null

function table(headers: string[], rows: Cell[][]): string {
  const text = (cell: Cell) => (cell === null ? '—' : String(cell))
  const line = (cells: Cell[]) => `| ${cells.map(text).join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}

const ms = (value: number | null | undefined): Cell =>
  value === null || value === undefined || Number.isNaN(value) ? null : round(value)
const ratio = (a: number | null | undefined, b: number | null | undefined): Cell =>
  a && b ? `${round(a / b)}×` : null
const count = (value: number) => value.toLocaleString('en-US')
const kb = (bytes: number) => round(bytes / 1024)

const FIT = {
  fits: 'yes',
  'over-quota': 'no: over quota, so the baseline ran on the same JSON in memory',
} as const

function storageTable(storage: StorageScaleResult[]): string {
  const rows: Cell[][] = []
  for (const scale of storage) {
    for (const [op, t] of Object.entries(scale.ops)) {
      const baseline = ms(t.baseline)
      const overQuota = scale.baselineFit === 'over-quota' && baseline !== null
      rows.push([
        count(scale.letters),
        count(scale.users),
        op,
        ms(t.repository),
        ms(t.raw),
        overQuota ? `${baseline} (over quota, in memory)` : baseline,
        ratio(t.baseline, t.repository),
        // What plain IndexedDB reaches against the same baseline: the platform's own limit.
        ratio(t.baseline, t.raw),
        ratio(t.repository, t.raw),
      ])
    }
  }
  return table(
    [
      'letters',
      'accounts',
      'operation',
      'repository ms',
      'raw IndexedDB ms',
      'localStorage ms',
      'localStorage ÷ repository',
      'localStorage ÷ raw',
      'repository ÷ raw',
    ],
    rows,
  )
}

function quotaTable(storage: StorageScaleResult[]): string {
  return table(
    ['letters', 'data set as JSON (chars)', 'localStorage held'],
    storage.map((scale) => [
      count(scale.letters),
      count(scale.baselineChars),
      FIT[scale.baselineFit],
    ]),
  )
}

function targetTable(targets: Target[]): string {
  return table(
    ['target', 'measured', 'limit', 'met'],
    targets.map((t) => [
      t.note ? `${t.name} (${t.note})` : t.name,
      t.value === null ? null : `${round(t.value)} ${t.unit}`,
      `${t.kind === 'max' ? '≤' : '≥'} ${t.limit} ${t.unit}`,
      t.met ? 'yes' : '**no**',
    ]),
  )
}

/** The run as Markdown tables, ready to paste into docs/performance.md. */
export function formatReport(results: Results, targets: Target[]): string {
  const parts: string[] = []
  if (results.storage) {
    parts.push('### Storage and overhead (median ms)', storageTable(results.storage))
    parts.push('### What localStorage could hold', quotaTable(results.storage))
  }
  if (results.screens) {
    const { myLetters, admin } = results.screens
    parts.push(
      '### Screens (median ms from navigation start)',
      table(
        ['screen', 'data', 'app shell', 'ready', 'ready after shell'],
        [
          [
            'My Letters, first rows',
            myLetters.data,
            ms(myLetters.shell),
            ms(myLetters.ready),
            ms(myLetters.afterShell),
          ],
          [
            'Admin, cards and first page',
            admin.data,
            ms(admin.shell),
            ms(admin.ready),
            ms(admin.afterShell),
          ],
        ],
      ),
    )
  }
  if (results.export) {
    const row = (name: string, t: FormatTimes): Cell[] => [
      name,
      ms(t.chunk),
      ms(t.first),
      ms(t.onePage),
      ms(t.fivePages),
    ]
    parts.push(
      '### Export (median ms)',
      table(
        ['format', 'chunk load', 'first file', 'one page', 'five pages'],
        [row('PDF', results.export.pdf), row('DOCX', results.export.docx)],
      ),
    )
  }
  if (results.load) {
    parts.push(
      '### Load (median of cold loads)',
      table(
        ['page', 'mode', 'FCP ms', 'LCP ms', 'JS gzip KB', 'JS files', 'network KB'],
        results.load.map((load) => [
          load.path,
          load.mode,
          ms(load.fcp),
          ms(load.lcp),
          kb(load.jsGzip),
          load.jsFiles,
          kb(load.network),
        ]),
      ),
    )
  }
  parts.push('### Targets', targetTable(targets))
  return parts.join('\n\n')
}
