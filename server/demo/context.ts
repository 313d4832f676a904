import type { Db } from '../db/database'
import type { Draw } from './draw'

/** The word lists the demo rows are made of (the device's demo seed has them: src/data/demo-words.ts). */
export type DemoWords = {
  FIRST_NAMES: readonly string[]
  LAST_NAMES: readonly string[]
  STREETS: readonly string[]
  CITIES: readonly string[]
  /** A matter and the resolution that goes with it; `{n}`, `{street}`, `{name}` and `${amount}` are filled in. */
  MATTERS: readonly (readonly [string, string])[]
}

export type DemoStage = 'accounts' | 'purchases' | 'letters' | 'messages' | 'errors' | 'vacuum'

/** What every part of a seed run shares. */
export type SeedContext = {
  db: Db
  draw: Draw
  words: DemoWords
  now: Date
  /** Rows per statement. */
  batch: number
  /** Added to every e-mail address of the run, so a second run adds accounts beside the first's. */
  tag: string
  /** Counts rows of a stage as they are written. */
  wrote: (stage: DemoStage, rows: number) => void
}

/** An account of the run: what later rows need of it. */
export type Person = { id: string; fullName: string; email: string; createdAt: number }
export type Employee = Person & { couponCode: string }

/** `Ada Baker` and the local part of an address, `ada.baker` (ASCII letters only: O'Brien → obrien). */
export function personName(context: SeedContext) {
  const first = context.draw.pick(context.words.FIRST_NAMES)
  const last = context.draw.pick(context.words.LAST_NAMES)
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '')
  return { fullName: `${first} ${last}`, local }
}

/** An instant (ms) from `from` to the run's `now`. */
export const timeSince = (context: SeedContext, from: number) =>
  context.draw.between(Math.min(from, context.now.getTime()), context.now.getTime())

export const iso = (ms: number) => new Date(ms).toISOString()
