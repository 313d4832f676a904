// The resident memory of the target process, read from /proc by the bench's own process, so the
// reading costs the server nothing and sees everything it holds: the heap, PGlite's WebAssembly
// memory, native buffers.
import { readFileSync } from 'node:fs'
import { median } from '../shared/stats'

/** Resident memory of process `pid` in MB (2^20 bytes), as the kernel counts it (VmRSS). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1]
  if (kb === undefined) throw new Error(`/proc/${pid}/status has no VmRSS`)
  return Number(kb) / 1024
}

export type RssSummary = { peakMb: number; medianMb: number; samples: number }

export const summarizeRss = (samples: readonly number[]): RssSummary =>
  samples.length === 0
    ? { peakMb: Number.NaN, medianMb: Number.NaN, samples: 0 }
    : {
        peakMb: samples.reduce((peak, mb) => Math.max(peak, mb), 0),
        medianMb: median(samples),
        samples: samples.length,
      }

/** Reads process `pid`'s resident memory every `everyMs` while `work` runs, once more after. */
export async function sampleRssDuring<T>(
  pid: number,
  work: () => Promise<T>,
  into: number[],
  everyMs = 100,
): Promise<T> {
  const read = () => into.push(residentMb(pid))
  read()
  const timer = setInterval(read, everyMs)
  try {
    return await work()
  } finally {
    clearInterval(timer)
    read()
  }
}
