/**
 * A trace event, as far as this needs it: where and when it ran, for how long by the clock, and how
 * much of that its thread was on a CPU (`tdur`).
 */
type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string } }
}

export type MainThreadTime = {
  /** What the page's main-thread tasks took by the clock, ms. */
  wallMs: number
  /**
   * What of that the thread spent on a CPU, ms. The rest it waited: for another process to answer
   * (fonts, storage) or, on a busy machine, while other processes had the CPU. Lighthouse's
   * simulation multiplies the clock time by four, waits included.
   */
  cpuMs: number
}

function mainThreadTasks(events: readonly TraceEvent[]) {
  const start = events.find(
    (event) =>
      event.name === 'navigationStart' &&
      event.args?.data?.isLoadingMainFrame === true &&
      event.args.data.documentLoaderURL?.startsWith('http'),
  )
  if (!start) throw new Error('The trace has no navigation of the main frame')
  return events.filter(
    (event) =>
      event.pid === start.pid &&
      event.tid === start.tid &&
      event.ph === 'X' &&
      event.name === 'RunTask' &&
      event.ts >= start.ts &&
      event.dur !== undefined &&
      event.tdur !== undefined,
  )
}

/** The page's main-thread time by the clock and on the CPU, from navigation start on. */
export function mainThreadTime(events: readonly TraceEvent[]): MainThreadTime {
  const tasks = mainThreadTasks(events)
  const sum = (pick: (event: TraceEvent) => number) =>
    Math.round(tasks.reduce((total, event) => total + pick(event), 0) / 1000)
  return { wallMs: sum((event) => event.dur ?? 0), cpuMs: sum((event) => event.tdur ?? 0) }
}
