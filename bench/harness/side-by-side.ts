import type { OpTimes, Subject } from '../shared/harness-api'
import { median } from '../shared/stats'

/**
 * Timing subjects side by side in one page, so their ratio is not moved by
 * whatever else the machine was doing at another moment.
 */
type Task = () => unknown
type Tasks = Partial<Record<Subject, Task>>

const SUBJECTS: readonly Subject[] = ['repository', 'raw', 'baseline']

/** Present when Chromium runs with --expose-gc, as the bench launches it. */
const collectGarbage = (): void => (globalThis as { gc?: () => void }).gc?.()

/**
 * A pause before each timing, so work a subject left behind (a localStorage
 * write the browser is still saving, garbage to collect) lands on no one else.
 */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  collectGarbage()
}

const SETTLE_MS = 30

/** Every order of `items`: cycling through them, each subject goes before and after each other equally often. */
function orders<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]]
  return items.flatMap((item, index) =>
    orders([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  )
}

/**
 * One warm-up round, then `runs` rounds in which every subject runs once,
 * side by side, in a different order each round. A subject that throws
 * drops out and reports null.
 */
export async function sideBySide(tasks: Tasks, runs: number): Promise<OpTimes> {
  const samples = new Map<Subject, number[]>(SUBJECTS.map((subject) => [subject, []]))
  const failed = new Set<Subject>()
  const cycle = orders(SUBJECTS.filter((subject) => tasks[subject] !== undefined))
  for (let round = 0; round <= runs; round++) {
    for (const subject of cycle[round % cycle.length] ?? []) {
      const task = tasks[subject]
      if (task === undefined || failed.has(subject)) continue
      await settle()
      const started = performance.now()
      try {
        await task()
      } catch (error) {
        console.warn(`${subject} failed`, error)
        failed.add(subject)
        continue
      }
      if (round > 0) samples.get(subject)?.push(performance.now() - started)
    }
  }
  const time = (subject: Subject) => {
    const taken = samples.get(subject) ?? []
    return failed.has(subject) || taken.length === 0 ? null : median(taken)
  }
  return { repository: time('repository'), raw: time('raw'), baseline: time('baseline') }
}

/**
 * For writes: the IndexedDB subjects side by side first, then the baseline on
 * its own. Chromium saves a large localStorage write some time after it
 * returns, on the storage thread IndexedDB also needs, so interleaved it
 * would slow whichever write came next.
 */
export async function writesSideBySide(tasks: Tasks, runs: number): Promise<OpTimes> {
  const { baseline: baselineTask, ...indexedDb } = tasks
  const times = await sideBySide(indexedDb, runs)
  const baselineTimes = await sideBySide({ baseline: baselineTask }, runs)
  return { ...times, baseline: baselineTimes.baseline }
}

/** A subject of `pairedSideBySide`: `setup` runs before each timing, untimed. */
export type Prepared = { setup: () => Promise<unknown>; run: Task }

/**
 * Like `sideBySide`, for subjects named by the caller, each with a setup run (untimed) before
 * each of its timings: one warm-up round, then `runs` rounds in turning orders. Answers every
 * round's time of each subject, so subjects can be compared round by round.
 */
export async function pairedSideBySide<K extends string>(
  subjects: Record<K, Prepared>,
  runs: number,
): Promise<Record<K, number[]>> {
  const names = Object.keys(subjects) as K[]
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    K,
    number[]
  >
  const cycle = orders(names)
  for (let round = 0; round <= runs; round++) {
    for (const name of cycle[round % cycle.length] ?? []) {
      const { setup, run } = subjects[name]
      await setup()
      await settle()
      const started = performance.now()
      await run()
      if (round > 0) samples[name].push(performance.now() - started)
    }
  }
  return samples
}
