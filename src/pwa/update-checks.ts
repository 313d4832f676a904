export const UPDATE_CHECK_MS = 60 * 60_000

/** Asks the server for a new version, unless offline, when the check could only fail. */
export function checkForUpdate(registration: ServiceWorkerRegistration): void {
  if (!navigator.onLine || registration.installing) return
  registration.update().catch(() => undefined)
}

const scheduled = new WeakMap<ServiceWorkerRegistration, ReturnType<typeof setInterval>>()

/**
 * Looks for a new version when the app starts and every hour after. Once per
 * registration: the landing page registers the service worker and so does the
 * app it hands over to, in the same page.
 */
export function scheduleUpdateChecks(
  registration: ServiceWorkerRegistration,
  every = UPDATE_CHECK_MS,
) {
  const running = scheduled.get(registration)
  if (running !== undefined) return running
  checkForUpdate(registration)
  const timer = setInterval(() => checkForUpdate(registration), every)
  scheduled.set(registration, timer)
  return timer
}
