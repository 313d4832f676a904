import { useEffect } from 'react'
import type { Repository } from '@/data/repository'
import { Button } from '@/ui/button'
import { errorMessage } from '@/lib/error-message'

const recorded = new WeakSet<object>()

/** Records a crash once (React may render the error screen twice) in the local errors table. */
export function recordCrash(repository: Repository, error: unknown): void {
  const key = typeof error === 'object' && error !== null ? error : { value: error }
  if (recorded.has(key)) return
  recorded.add(key)
  const message = errorMessage(error)
  const stack = error instanceof Error ? (error.stack ?? '') : ''
  void repository.diagnostics
    .recordError({ message, stack, route: window.location.pathname + window.location.search })
    .catch(() => undefined)
}

export function ErrorScreen({ error, repository }: { error: unknown; repository: Repository }) {
  useEffect(() => recordCrash(repository, error), [repository, error])

  return (
    <main tabIndex={-1} className="flex min-h-dvh items-center justify-center p-6 outline-none">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-semibold">Something went wrong</h1>
        <p className="mt-3 text-ink-600 dark:text-ink-300">
          We encountered an unexpected error. Our team has been notified.
        </p>
        <p className="mt-2 text-sm text-ink-500 dark:text-ink-300">
          The error was recorded so an administrator can review it.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload Page</Button>
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go Home
          </Button>
        </div>
      </div>
    </main>
  )
}
