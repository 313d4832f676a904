import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import lighthouse, { type Result } from 'lighthouse'
import type { Curve } from './full-marks'
import { type MainThreadTime, mainThreadTime } from './main-thread'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]

/** The five metrics the performance score is made of, as the mobile preset simulates them. */
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const
export type Metric = keyof typeof METRICS

export type Finding = {
  category: Category
  id: string
  title: string
  score: number
  shown: string
}

export type LighthouseRun = {
  path: string
  /** 0–100 per category, as the report shows it. */
  scores: Record<Category, number | null>
  metrics: Record<Metric, number | null>
  /** Each metric's own score (0–1), what the performance score weighs. */
  metricScores: Record<Metric, number | null>
  /** The curve each metric is scored on (the values a phone site reaches at the 10th percentile and the median). */
  curves: Record<Metric, Curve | null>
  /** What each metric weighs in the performance score, out of 100. */
  weights: Record<Metric, number>
  /** FCP and LCP as the unthrottled load showed them, before simulation. */
  observed: { fcp: number | null; lcp: number | null }
  /** Lighthouse's measure of this machine's CPU (a mid-range desktop is about 1,000 to 2,000). */
  benchmarkIndex: number | null
  /** Every audit a category weighs that did not pass, so a missed 100 says why. */
  findings: Finding[]
  bytes: number | null
  mainThreadMs: number | null
  /** The page's main-thread tasks by the clock and on the CPU in the recorded (unthrottled) load. */
  mainThread: MainThreadTime
  warnings: string[]
  /** Where the whole report was written. */
  report: string
}

const numeric = (lhr: Result, id: string): number | null => lhr.audits[id]?.numericValue ?? null

function curveOf(lhr: Result, id: string): Curve | null {
  const options = lhr.audits[id]?.scoringOptions
  return options && typeof options.p10 === 'number' && typeof options.median === 'number'
    ? { p10: options.p10, median: options.median }
    : null
}

function findings(lhr: Result): Finding[] {
  const out: Finding[] = []
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight === 0 || !audit || audit.score === null || audit.score >= 1) continue
      out.push({
        category,
        id: ref.id,
        title: audit.title,
        score: audit.score,
        shown: audit.displayValue ?? '',
      })
    }
  }
  return out
}

function observedMetrics(lhr: Result): LighthouseRun['observed'] {
  const details = lhr.audits.metrics?.details
  const items = (details && 'items' in details ? details.items : []) as unknown[]
  const first = (items[0] ?? {}) as Record<string, unknown>
  const value = (key: string) => (typeof first[key] === 'number' ? first[key] : null)
  return {
    fcp: value('observedFirstContentfulPaint'),
    lcp: value('observedLargestContentfulPaint'),
  }
}

function summarize(
  path: string,
  lhr: Result,
  report: string,
  mainThread: MainThreadTime,
): LighthouseRun {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score
    return value === null || value === undefined ? null : Math.round(value * 100)
  }
  const metric = <T>(pick: (id: string) => T) =>
    Object.fromEntries(Object.entries(METRICS).map(([key, id]) => [key, pick(id)])) as Record<
      Metric,
      T
    >
  return {
    path,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as LighthouseRun['scores'],
    metrics: metric((id) => numeric(lhr, id)),
    metricScores: metric((id) => lhr.audits[id]?.score ?? null),
    curves: metric((id) => curveOf(lhr, id)),
    weights: metric(
      (id) => lhr.categories.performance?.auditRefs.find((ref) => ref.id === id)?.weight ?? 0,
    ),
    observed: observedMetrics(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    findings: findings(lhr),
    bytes: numeric(lhr, 'total-byte-weight'),
    mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
    mainThread,
    warnings: lhr.runWarnings.map(String),
    report,
  }
}

/** Loads of one run before a failure to record it (Lighthouse's runtime error) fails the step. */
const RUNTIME_ERROR_TRIES = 3

/**
 * One Lighthouse run of `origin + path` in the Chromium on `port`, with the
 * default configuration: the mobile preset, simulated throttling (150 ms
 * round trips, 1.6 Mbit/s, the CPU four times slower). Its storage reset
 * empties the HTTP cache, the service worker and its caches before the load,
 * and leaves IndexedDB and cookies, so a session signed up in the profile stays.
 * The whole report is written to `reportFile`.
 */
export async function audit(
  port: number,
  origin: string,
  path: string,
  reportFile: string,
): Promise<LighthouseRun> {
  const load = async () => {
    const result = await lighthouse(`${origin}${path}`, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
    return result
  }
  let result = await load()
  // Lighthouse now and then fails to record the trace (NO_NAVSTART) and asks to be run again.
  for (let retry = 1; result.lhr.runtimeError && retry < RUNTIME_ERROR_TRIES; retry++)
    result = await load()
  const { lhr, artifacts } = result
  if (lhr.runtimeError)
    throw new Error(
      `Lighthouse could not load ${path} in ${RUNTIME_ERROR_TRIES} tries: ${lhr.runtimeError.message}`,
    )
  mkdirSync(dirname(reportFile), { recursive: true })
  writeFileSync(reportFile, JSON.stringify(lhr))
  return summarize(path, lhr, reportFile, mainThreadTime(artifacts.Trace.traceEvents))
}
