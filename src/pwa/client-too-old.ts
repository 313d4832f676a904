import { ERROR_MESSAGES } from '@/domain/errors'
import { loadToast } from '@/ui/lazy-toast'

/** How long to wait for a waiting service worker to take over before reloading anyway. */
export const TAKEOVER_WAIT_MS = 3_000

type Worker = { postMessage(message: unknown): void }

/** The little of the service worker API an update needs. */
type Workers = {
  getRegistration(): Promise<
    { update(): Promise<unknown>; waiting: Worker | null; installing: Worker | null } | undefined
  >
  addEventListener(type: 'controllerchange', listener: () => void, options: { once: true }): void
}

type UpdateDeps = { serviceWorker?: Workers; reload?: () => void }

/**
 * Fetches the newest version of the app and reloads into it. The service
 * worker waits for the person's say before taking over (build/pwa.ts), and
 * Update is that say: a waiting worker is told to skip waiting first.
 */
export async function updateAndReload({
  serviceWorker = globalThis.navigator?.serviceWorker,
  reload = () => window.location.reload(),
}: UpdateDeps = {}): Promise<void> {
  try {
    const registration = await serviceWorker?.getRegistration()
    if (registration) {
      await registration.update()
      const waiting = registration.waiting ?? registration.installing
      if (waiting && serviceWorker) {
        const takenOver = new Promise<void>((resolve) => {
          serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true })
          setTimeout(resolve, TAKEOVER_WAIT_MS)
        })
        waiting.postMessage({ type: 'SKIP_WAITING' })
        await takenOver
      }
    }
  } catch (error) {
    // Offline or no service worker: a plain reload is still the best chance of the new version.
    console.warn(error)
  }
  reload()
}

/**
 * The server no longer syncs with this version (DESIGN.md §7): says so until
 * the person updates. Changes wait on the device meanwhile, so nothing is lost.
 */
export function showClientTooOld(): void {
  void loadToast().then((toast) =>
    toast.error(ERROR_MESSAGES.CLIENT_TOO_OLD, {
      id: 'client-too-old',
      duration: Infinity,
      action: { label: 'Update', onClick: () => void updateAndReload() },
    }),
  )
}
