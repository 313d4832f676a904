import type { StorageScaleResult } from '../shared/harness-api'
import { median, percentile, round } from '../shared/stats'
import type { FormatTimes } from './exports'
import { type DownloadRun, type LiveSplit, PUT_CHUNK, type SyncResult } from './sync'
import { downloadRatio, localStorageCeiling, type Results, type Target } from './targets'

export type Cell = string | number | null

export function table(headers: string[], rows: Cell[][]): string {
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

function quotaTable(storage: StorageScaleResult[], quota: number | undefined): string {
  const rows: Cell[][] = storage.map((scale) => [
    count(scale.letters),
    count(scale.baselineChars),
    FIT[scale.baselineFit],
  ])
  const ceiling = localStorageCeiling(storage, quota)
  if (ceiling && quota)
    rows.push([
      `ceiling: ${count(ceiling.letters)}`,
      `${count(quota)} (the quota; ${round(ceiling.charsPerLetter)} a letter)`,
      'the most the seed’s layout can hold',
    ])
  return table(['letters', 'data set as JSON (chars)', 'localStorage held'], rows)
}

export function targetTable(targets: Target[]): string {
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

function outboxTable(storage: StorageScaleResult[]): string {
  const rows: Cell[][] = []
  for (const scale of storage)
    for (const row of scale.outbox ?? [])
      rows.push([
        count(scale.letters),
        row.op,
        ms(row.absent),
        ms(row.present),
        ms(row.added),
        ms(row.rawAbsent),
        ms(row.rawPresent),
        ms(row.rawAdded),
      ])
  return table(
    [
      'letters',
      'write',
      'repository, not syncing ms',
      'repository, syncing ms',
      'repository, added ms',
      'raw, not syncing ms',
      'raw, syncing ms',
      'raw, added ms (floor)',
    ],
    rows,
  )
}

function downloadRow(label: string, run: DownloadRun): Cell[] {
  return [
    label,
    count(run.letters),
    run.pulls,
    round(run.pullBytes / 1e6),
    ms(run.syncMs),
    ms(run.pullingMs),
    ms(run.syncMs - run.pullingMs),
    ms(run.floor.fetchMs),
    ms(run.floor.putMs),
    ms(run.floor.totalMs),
    ratio(run.syncMs, run.floor.totalMs),
    ms(run.clickToShellMs),
    ms(run.shellToRowsMs),
    ms(run.clickToDoneMs),
  ]
}

function taskRow(label: string, run: DownloadRun): Cell[] {
  return [
    label,
    run.longTaskSupported ? ms(run.longestTaskMs) : 'not supported',
    run.longTasksOver200,
    ms(run.floor.putMs),
    ms(run.floor.putLongestTaskMs),
    ms(run.floor.chunkedPutMs),
    ms(run.floor.chunkedLongestTaskMs),
  ]
}

function taskTable(sync: SyncResult): string {
  const rows = sync.downloads.map((run, index) => taskRow(String(index + 1), run))
  rows.push(
    taskRow('longest tasks: max; over 200 ms: sum; times: median', medianRun(sync.downloads)),
  )
  return table(
    [
      'run',
      'app: longest task ms',
      'app: tasks over 200 ms',
      'floor put ms',
      'floor put: longest task ms',
      `what-if: floor put ${PUT_CHUNK} rows at a time ms`,
      'its longest task ms',
    ],
    rows,
  )
}

function medianRun(runs: DownloadRun[]): DownloadRun {
  const m = (pick: (run: DownloadRun) => number) => median(runs.map(pick))
  const first = runs[0]
  return {
    letters: first?.letters ?? 0,
    pulls: m((run) => run.pulls),
    pullBytes: m((run) => run.pullBytes),
    pullingMs: m((run) => run.pullingMs),
    syncMs: m((run) => run.syncMs),
    clickToShellMs: m((run) => run.clickToShellMs),
    clickToRowsMs: m((run) => run.clickToRowsMs),
    clickToDoneMs: m((run) => run.clickToDoneMs),
    shellToRowsMs: m((run) => run.shellToRowsMs),
    longestTaskMs: Math.max(...runs.map((run) => run.longestTaskMs)),
    longTasksOver200: runs.reduce((sum, run) => sum + run.longTasksOver200, 0),
    longTaskSupported: runs.every((run) => run.longTaskSupported),
    floor: {
      pages: first?.floor.pages ?? 0,
      letters: first?.floor.letters ?? 0,
      bytes: m((run) => run.floor.bytes),
      fetchMs: m((run) => run.floor.fetchMs),
      putMs: m((run) => run.floor.putMs),
      totalMs: m((run) => run.floor.totalMs),
      put: { from: 0, to: 0 },
      chunked: { from: 0, to: 0 },
      putLongestTaskMs: Math.max(...runs.map((run) => run.floor.putLongestTaskMs)),
      chunkedPutMs: m((run) => run.floor.chunkedPutMs),
      chunkedLongestTaskMs: Math.max(...runs.map((run) => run.floor.chunkedLongestTaskMs)),
    },
  }
}

function downloadTable(sync: SyncResult): string {
  const rows = sync.downloads.map((run, index) => downloadRow(String(index + 1), run))
  const all = medianRun(sync.downloads)
  const summary = downloadRow('median', all)
  // The ratio column's median is the median of the runs' ratios, as the target takes it.
  summary[10] = `${round(downloadRatio(sync))}×`
  rows.push(summary)
  return table(
    [
      'run',
      'letters',
      'pulls',
      'MB pulled',
      'sync ms',
      'of which pulling ms',
      'of which between pulls ms',
      'floor fetch ms',
      'floor put ms',
      'floor ms',
      'sync ÷ floor',
      'Sign In → header ms',
      'header → first letter ms',
      'Sign In → all stored ms',
    ],
    rows,
  )
}

function liveTable(sync: SyncResult): string {
  const { app, floor, appSplit, floorSplit } = sync.live
  const row = (label: string, values: number[], split: LiveSplit): Cell[] => [
    label,
    values.length,
    ms(median(values)),
    ms(percentile(values, 0.95)),
    ms(Math.max(...values)),
    ms(split.toPush),
    ms(split.push),
    ms(split.toPull),
    ms(split.pull),
    ms(split.toScreen),
  ]
  return table(
    [
      'path',
      'trials',
      'median ms',
      'p95 ms',
      'max ms',
      'to push start',
      'push',
      'push answered → B pulls',
      'pull',
      'pull answered → seen',
    ],
    [
      row('the app: Save Changes on A → text in B’s My Letters', app, appSplit),
      row('floor: raw push from A → raw pull on B holds it', floor, floorSplit),
      [
        'app ÷ floor',
        null,
        ratio(median(app), median(floor)),
        ratio(percentile(app, 0.95), percentile(floor, 0.95)),
        null,
        null,
        null,
        null,
        null,
        null,
      ],
    ],
  )
}

/** The run as Markdown tables, ready to paste into docs/performance.md. */
export function formatReport(results: Results, targets: Target[]): string {
  const parts: string[] = []
  if (results.storage) {
    parts.push('### Storage and overhead (median ms)', storageTable(results.storage))
    parts.push(
      '### What localStorage could hold',
      quotaTable(results.storage, results.localStorageQuota),
    )
    if (results.storage.some((scale) => scale.outbox?.length))
      parts.push(
        '### What the outbox append adds to a write (median ms; the same write with and without a syncState row, by the repository and by plain IndexedDB)',
        outboxTable(results.storage),
      )
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
  if (results.sync) {
    parts.push(
      `### Sync: a new device downloads its letters (server: ${results.sync.database}; each run's floor in the same page; letter text ${count(results.sync.letterChars)} characters)`,
      downloadTable(results.sync),
      '### Sync: the main thread during the download (longtask entries; the floor and the what-if in the same page)',
      taskTable(results.sync),
      '### Sync: a letter saved on device A shows on device B (median ms of each part)',
      liveTable(results.sync),
    )
  }
  parts.push('### Targets', targetTable(targets))
  return parts.join('\n\n')
}
