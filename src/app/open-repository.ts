import { createAppRepository } from '@/data/app-repository'
import type { Repository } from '@/data/repository'
import { ERROR_MESSAGES } from '@/domain/errors'
import { showClientTooOld } from '@/pwa/client-too-old'
import { loadToast } from '@/ui/lazy-toast'
import { plainMessage } from './plain-message'

let opened: Repository | undefined

/**
 * This tab's one repository, made on first use; whether the landing page or
 * the app asks first, both get the same one. Dexie opens the database with
 * the first query; which mode this load runs in is asked only when an
 * account call needs it (see data/app-mode.ts).
 */
export function openRepository(container: HTMLElement): Repository {
  opened ??= createAppRepository({
    // The dashboard gives way to the sign-in page by itself; this says why.
    onSessionEnded: () => {
      void loadToast().then((toast) =>
        toast.error(ERROR_MESSAGES.SESSION_ENDED, { id: 'session-ended' }),
      )
    },
    // The outbox waits on the device until the update; the toast stays until then.
    onClientTooOld: showClientTooOld,
    events: {
      // Shown until the other tabs close; React replaces it when the upgrade goes through.
      onBlocked: () => {
        container.innerHTML = plainMessage(
          'Close other Letterhead tabs',
          'Letterhead needs to update how it stores your letters, and another open tab is using the old version. Close the other Letterhead tabs and this one will continue by itself.',
        )
      },
      onVersionChange: () => {
        void loadToast().then((toast) =>
          toast('Letterhead was updated in another tab. Reload this tab to keep working.', {
            id: 'version-change',
            duration: Infinity,
            action: { label: 'Reload', onClick: () => window.location.reload() },
          }),
        )
      },
    },
  })
  return opened
}
