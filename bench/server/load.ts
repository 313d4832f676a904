import autocannon, { type Request } from 'autocannon'

/** What autocannon sends: each connection goes through `requests` in turn, then starts again. */
export type Load = { url: string; requests: Request[]; connections: number }

/** One autocannon run, with every 2xx latency kept unrounded (autocannon's own are whole ms). */
export type Sample = {
  latencies: number[]
  ok: number
  notOk: number
  errors: number
  seconds: number
  /** CPU time the server process spent during the run, when it was asked for. */
  cpuMicros: number | null
}

export type Measurement = {
  requests: number
  seconds: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  meanMs: number
  /** Server process CPU per answer; for PostgreSQL its own processes are not included. */
  cpuMicrosPerRequest: number | null
}

/** Runs `load` for `seconds`; `cpu` reads the server process's CPU time before and after. */
export async function hit(
  load: Load,
  seconds: number,
  cpu?: () => Promise<number>,
): Promise<Sample> {
  const cpuBefore = cpu ? await cpu() : null
  const latencies: number[] = []
  let notOk = 0
  const instance = autocannon({
    url: load.url,
    connections: load.connections,
    duration: seconds,
    pipelining: 1,
    requests: load.requests,
  })
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms)
    else notOk += 1
  })
  const result = await instance
  const cpuAfter = cpu ? await cpu() : null
  return {
    latencies,
    ok: latencies.length,
    notOk,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
    cpuMicros: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  }
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

/** Several runs of one load as one measurement; any failed request makes the bench fail. */
export function summarize(what: string, samples: Sample[]): Measurement {
  const notOk = samples.reduce((sum, s) => sum + s.notOk, 0)
  const errors = samples.reduce((sum, s) => sum + s.errors, 0)
  if (notOk > 0 || errors > 0)
    throw new Error(
      `${what}: ${notOk} answers were not 2xx and ${errors} requests failed or timed out`,
    )
  return measure(samples)
}

/** A measurement whose failed requests are counted, not fatal: answers not 2xx, errors, timeouts. */
export type CountedMeasurement = Measurement & { errors: number }

/** Several runs of one load as one measurement, counting its failed requests. */
export const summarizeCounting = (samples: Sample[]): CountedMeasurement => ({
  ...measure(samples),
  errors: samples.reduce((sum, s) => sum + s.notOk + s.errors, 0),
})

/** The 2xx answers' rate, latencies and server CPU. */
function measure(samples: Sample[]): Measurement {
  const sorted = Float64Array.from(samples.flatMap((s) => s.latencies)).sort()
  const requests = sorted.length
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0)
  const cpu = samples.every((s) => s.cpuMicros !== null)
    ? samples.reduce((sum, s) => sum + (s.cpuMicros ?? 0), 0)
    : null
  return {
    requests,
    seconds,
    perSecond: requests / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    meanMs: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, requests),
    cpuMicrosPerRequest: cpu === null || requests === 0 ? null : cpu / requests,
  }
}
