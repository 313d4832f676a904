type Scheduler = { yield?: () => Promise<void> }

/**
 * Ends the running task and goes on in a new one, so the browser can paint and answer input
 * between the long steps of the app's start (decision 041). `scheduler.yield` goes on ahead of
 * other queued tasks where the browser has it; elsewhere a zero-delay timer does.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
