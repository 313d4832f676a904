import { useRouter } from '@tanstack/react-router'
import { Button } from '@/ui/button'

export function NotFound() {
  const router = useRouter()
  return (
    <main tabIndex={-1} className="flex min-h-dvh items-center justify-center p-6 outline-none">
      <div className="max-w-md text-center">
        <p className="font-serif text-6xl font-semibold text-brass-600 dark:text-brass-400">404</p>
        <h1 className="mt-2 text-3xl font-semibold">Page Not Found</h1>
        <p className="mt-3 text-ink-600 dark:text-ink-300">
          The page you are looking for does not exist or has moved.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          <Button variant="secondary" onClick={() => router.history.back()}>
            Go Back
          </Button>
          <Button onClick={() => void router.navigate({ to: '/' })}>Home</Button>
        </div>
      </div>
    </main>
  )
}
