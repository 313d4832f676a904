import { useEffect } from 'react'
import { useRegisterSW } from 'virtual:pwa-register/react'
import { loadToast } from '@/ui/lazy-toast'
import { scheduleUpdateChecks } from './update-checks'

const OFFLINE_READY_SHOWN = 'letterhead.offline-ready-shown'

function shownBefore(): boolean {
  try {
    if (localStorage.getItem(OFFLINE_READY_SHOWN)) return true
    localStorage.setItem(OFFLINE_READY_SHOWN, new Date().toISOString())
  } catch {
    // Without storage the toast may show again; that is harmless.
  }
  return false
}

/**
 * Registers the service worker. A waiting new version is offered, never
 * forced: the page reloads only when the person chooses Reload, and a form
 * with unsaved text still asks before the page goes.
 */
export function ServiceWorkerPrompts() {
  const {
    needRefresh: [needRefresh],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW: (_url, registration) => {
      if (registration) scheduleUpdateChecks(registration)
    },
  })

  useEffect(() => {
    if (!needRefresh) return
    void loadToast().then((toast) =>
      toast('A new version is available', {
        id: 'sw-update',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void updateServiceWorker(true) },
      }),
    )
  }, [needRefresh, updateServiceWorker])

  useEffect(() => {
    if (offlineReady && !shownBefore()) {
      void loadToast().then((toast) =>
        toast.success('Letterhead is ready to work offline.', { id: 'offline-ready' }),
      )
    }
  }, [offlineReady])

  return null
}
