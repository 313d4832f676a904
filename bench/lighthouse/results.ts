import { median } from '../shared/stats'
import { CATEGORIES, type Category, type LighthouseRun, METRICS, type Metric } from './audit'

/** A page's runs and their medians, category by category and metric by metric. */
export type PageResult = {
  path: string
  runs: LighthouseRun[]
  scores: Record<Category, number | null>
  metrics: Record<Metric, number | null>
}

const medianOf = (values: (number | null)[]) => {
  const known = values.filter((value): value is number => value !== null)
  return known.length === values.length && known.length > 0 ? median(known) : null
}

export function pageResult(path: string, runs: LighthouseRun[]): PageResult {
  return {
    path,
    runs,
    scores: Object.fromEntries(
      CATEGORIES.map((category) => [category, medianOf(runs.map((run) => run.scores[category]))]),
    ) as PageResult['scores'],
    metrics: Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((metric) => [
        metric,
        medianOf(runs.map((run) => run.metrics[metric])),
      ]),
    ) as PageResult['metrics'],
  }
}
