import type { Target } from '../runner/targets'
import type { Measurement } from './load'
import type { MicroRow } from './micro'
import type { StepKind } from './profile'

export type DatabaseLabel = 'PGlite' | 'PostgreSQL'

export type VerifyMeasurement = {
  verifies: number
  seconds: number
  perSecond: number
  /** CPU time of the process per verify, all threads: argon2 runs on libuv's pool. */
  cpuMicrosPerVerify: number
}

export type ProfileRow = {
  step: string
  kind: StepKind
  note: string
  measurement: Measurement
}

export type Measured = {
  database: DatabaseLabel
  version: string
  floor: Measurement
  me: Measurement
  signIn: Measurement
  verify: VerifyMeasurement
  /** The real route again, measured like the profile's steps, to compare with them. */
  profile?: { steps: ProfileRow[]; app: Measurement; micro: MicroRow[] }
  warnings: string[]
}

export type DatabaseResult = Measured | { database: DatabaseLabel; skipped: string }

export const isMeasured = (result: DatabaseResult): result is Measured => !('skipped' in result)

/** `me` against its floor, measured in the same run. */
export const ME_LIMITS = { throughput: 0.6, p99: 1.5 } as const

function target(
  name: string,
  value: number,
  kind: Target['kind'],
  limit: number,
  unit: string,
  note?: string,
): Target {
  const met = !Number.isNaN(value) && (kind === 'max' ? value <= limit : value >= limit)
  return { name, value, limit, kind, unit, met, ...(note ? { note } : {}) }
}

/** The brief's targets: per database, `me` reaches 0.6 of its floor's rate within 1.5× its p99. */
export function checkTargets(results: DatabaseResult[]): Target[] {
  return results
    .filter(isMeasured)
    .flatMap((result) => [
      target(
        `GET /api/auth/me requests/s ÷ floor, ${result.database}`,
        result.me.perSecond / result.floor.perSecond,
        'min',
        ME_LIMITS.throughput,
        '×',
        `${Math.round(result.me.perSecond)} of ${Math.round(result.floor.perSecond)}`,
      ),
      target(
        `GET /api/auth/me p99 ÷ floor p99, ${result.database}`,
        result.me.p99Ms / result.floor.p99Ms,
        'max',
        ME_LIMITS.p99,
        '×',
        `${result.me.p99Ms.toFixed(2)} ms against ${result.floor.p99Ms.toFixed(2)} ms`,
      ),
    ])
}
