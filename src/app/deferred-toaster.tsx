import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toastWanted } from '@/ui/lazy-toast'

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }))

/** The landing page's toaster: mounted, with its library, once something asks for a toast. */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(toastWanted.subscribe, toastWanted.get, toastWanted.get)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
