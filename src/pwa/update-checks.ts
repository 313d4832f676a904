export const UPDATE_CHECK_MS = 60 * 60_000

/** Asks the server for a new version, unless offline, when the check could only fail. */
export function checkForUpdate(registration: ServiceWorkerRegistration): void {
  if (!navigator.onLine || registration.installing) return
  registration.update().catch(() => undefined)
}

/** Looks for a new version when the app starts and every hour after. */
export function scheduleUpdateChecks(
  registration: ServiceWorkerRegistration,
  every = UPDATE_CHECK_MS,
) {
  checkForUpdate(registration)
  return setInterval(() => checkForUpdate(registration), every)
}
