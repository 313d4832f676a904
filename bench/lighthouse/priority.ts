import { execFileSync } from 'node:child_process'

const chrt = (args: string[]) => execFileSync('chrt', args, { stdio: 'ignore' })

/**
 * Runs `start` with this process at real-time priority (SCHED_RR 1), so the processes it starts
 * (the Letterhead server, Chromium and the page's renderer) keep it, then returns this process to
 * normal. On a machine other work keeps busy, the page's main thread otherwise waits its turn for
 * a core, and Lighthouse multiplies those waits by four as if they were the page's own work. The
 * kernel still keeps 5% of every second for everything else. Where the priority may not be raised
 * (no CAP_SYS_NICE), everything runs as usual and the results say so.
 */
export async function withRealTimePriority<T>(
  start: () => Promise<T>,
): Promise<{ started: T; realTime: boolean }> {
  const pid = String(process.pid)
  let realTime = false
  try {
    chrt(['-r', '-p', '1', pid])
    realTime = true
  } catch {
    // Not permitted here: measured at normal priority.
  }
  try {
    return { started: await start(), realTime }
  } finally {
    if (realTime) chrt(['-o', '-p', '0', pid])
  }
}
