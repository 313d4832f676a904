export const DAY_MS = 86_400_000

/** Random choices for demo rows; `random` gives numbers in [0, 1). */
export type Draw = {
  pick: <T>(list: readonly T[]) => T
  /** A whole number from `from` to `to`, both included. */
  between: (from: number, to: number) => number
  /** True `share` of the time (0 to 1). */
  chance: (share: number) => boolean
}

export function drawWith(random: () => number = Math.random): Draw {
  const between = (from: number, to: number) => from + Math.floor(random() * (to - from + 1))
  return {
    pick: <T>(list: readonly T[]): T => {
      if (list.length === 0) throw new Error('Nothing to pick from')
      return list[Math.floor(random() * list.length)] as T
    },
    between,
    chance: (share) => random() < share,
  }
}

/** Where each of `total` rows starts, `size` at a time: [0, size), [size, 2·size), … */
export function* batches(total: number, size: number): Generator<{ start: number; count: number }> {
  for (let start = 0; start < total; start += size)
    yield { start, count: Math.min(size, total - start) }
}
