import { Util } from 'lighthouse/shared/util.js'

export type Curve = { p10: number; median: number }

/**
 * The largest value of a metric that still earns it full marks (a score of 1.00, after
 * Lighthouse's own rounding), from the curve the report states for it: what a metric has to reach
 * for the performance score to be 100.
 */
export function fullMarksAtMost(curve: Curve): number {
  let low = 0
  let high = curve.median
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2
    if (Util.computeLogNormalScore(curve, middle) >= 1) low = middle
    else high = middle
  }
  return low
}
