export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Runs `work`, resolving no sooner than `ms`: a stage on screen stays long enough to be read. */
export async function atLeast<T>(ms: number, work: Promise<T>): Promise<T> {
  const [value] = await Promise.all([work, sleep(ms)])
  return value
}
