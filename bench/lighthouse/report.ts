import { type Cell, table, targetTable } from '../runner/report'
import type { Target } from '../runner/targets'
import { round } from '../shared/stats'
import { Util } from 'lighthouse/shared/util.js'
import { CATEGORIES, type LighthouseRun, METRICS, type Metric } from './audit'
import { fullMarksAtMost } from './full-marks'
import type { PageResult } from './results'

const ms = (value: number | null): Cell => (value === null ? null : Math.round(value))
const cls = (value: number | null): Cell => (value === null ? null : round(value * 1000) / 1000)

function metricCells(metrics: Record<Metric, number | null>): Cell[] {
  return [ms(metrics.fcp), ms(metrics.lcp), ms(metrics.si), ms(metrics.tbt), cls(metrics.cls)]
}

const HEADERS = [
  'page',
  'run',
  ...CATEGORIES,
  'FCP ms',
  'LCP ms',
  'Speed Index ms',
  'TBT ms',
  'CLS',
  'observed FCP ms',
  'observed LCP ms',
  'KB',
  'main thread: wall ms',
  'main thread: CPU ms',
  'benchmark index',
]

function runRow(run: LighthouseRun, label: string): Cell[] {
  return [
    run.path,
    label,
    ...CATEGORIES.map((category) => run.scores[category]),
    ...metricCells(run.metrics),
    ms(run.observed.fcp),
    ms(run.observed.lcp),
    run.bytes === null ? null : round(run.bytes / 1024),
    run.mainThread.wallMs,
    run.mainThread.cpuMs,
    run.benchmarkIndex === null ? null : Math.round(run.benchmarkIndex),
  ]
}

function medianRow(page: PageResult): Cell[] {
  return [
    page.path,
    '**median**',
    ...CATEGORIES.map((category) => page.scores[category]),
    ...metricCells(page.metrics),
    ...Array.from({ length: 6 }, () => null),
  ]
}

const NAMES: Record<Metric, string> = {
  fcp: 'First Contentful Paint',
  lcp: 'Largest Contentful Paint',
  tbt: 'Total Blocking Time',
  cls: 'Cumulative Layout Shift',
  si: 'Speed Index',
}

/**
 * Each metric's median against what full marks need, and the points of the performance score it
 * costs at that median: where a performance score under 100 comes from.
 */
function neededTable(pages: PageResult[]): string {
  const rows: Cell[][] = []
  for (const page of pages) {
    const first = page.runs[0]
    if (!first) continue
    for (const metric of Object.keys(METRICS) as Metric[]) {
      const curve = first.curves[metric]
      const value = page.metrics[metric]
      if (!curve || value === null) continue
      const score = Util.computeLogNormalScore(curve, value)
      const shown = metric === 'cls' ? cls : ms
      rows.push([
        page.path,
        NAMES[metric],
        shown(value),
        score,
        `≤ ${String(shown(fullMarksAtMost(curve)))}`,
        round(first.weights[metric] * (1 - score)),
      ])
    }
  }
  return table(
    ['page', 'metric', 'median', 'its score', 'full marks need', 'points lost (of 100)'],
    rows,
  )
}

/** What kept a category under 100, run by run (the same finding once per page). */
function findingLines(pages: PageResult[]): string[] {
  const lines: string[] = []
  for (const page of pages) {
    const seen = new Map<string, string[]>()
    page.runs.forEach((run, index) => {
      for (const finding of run.findings) {
        const key = `${finding.category}: ${finding.title} (${finding.id})`
        const shown = `run ${index + 1}: ${finding.shown || `score ${finding.score}`}`
        seen.set(key, [...(seen.get(key) ?? []), shown])
      }
    })
    for (const [key, runs] of seen) lines.push(`- \`${page.path}\` ${key}: ${runs.join('; ')}`)
  }
  return lines
}

function runTable(pages: PageResult[]): string {
  return table(
    HEADERS,
    pages.flatMap((page) => [
      ...page.runs.map((run, index) => runRow(run, String(index + 1))),
      medianRow(page),
    ]),
  )
}

/** The step's tables, ready for docs/performance.md. */
export function formatLighthouse(pages: PageResult[], targets: Target[]): string {
  const findings = findingLines(pages)
  return [
    '### Lighthouse (mobile preset, simulated throttling; medians of the runs)',
    runTable(pages),
    '### Where the performance score goes (medians; ms except CLS)',
    neededTable(pages),
    '### What kept a score under 100',
    findings.length > 0 ? findings.join('\n') : 'Nothing: every weighed audit passed.',
    '### Targets',
    targetTable(targets),
  ].join('\n\n')
}
