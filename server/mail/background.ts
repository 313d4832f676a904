/**
 * Work done after an answer has gone (a reset mail, a purchase's mails), so
 * the answer neither waits for it nor shows by its timing what it found.
 * Tests and shutdown wait for it with `idle()`.
 */
export type Background = {
  /** Runs `task` now without waiting; it must handle its own failures. */
  run(task: () => Promise<void>): void
  /** Resolves once every task started so far, and every task they started, has ended. */
  idle(): Promise<void>
}

export function createBackground(): Background {
  const running = new Set<Promise<void>>()
  return {
    run(task) {
      const done: Promise<void> = Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => running.delete(done))
      running.add(done)
    },
    async idle() {
      while (running.size > 0) await Promise.all(running)
    },
  }
}
