import { browserStore, type KeyValueStore, readItem, writeItem } from './browser-storage'

/**
 * Whether a Letterhead server serves this app (server mode) or the app runs
 * on its own from a static host (device-only mode). See DESIGN.md, "two modes".
 */
export type AppMode = 'server' | 'device-only'

export const MODE_KEY = 'letterhead:mode'

/** How long a first visit, with no mode remembered, waits for the server to say it is there. */
export const FIRST_VISIT_WAIT_MS = 3_000

/** Asks the server whether it is there: a mode, or `null` when the answer says nothing either way. */
export type ModeProbe = () => Promise<AppMode | null>

export type ModeOptions = {
  store?: KeyValueStore | null
  probe?: ModeProbe
  firstVisitWaitMs?: number
}

const probeServer: ModeProbe = () =>
  import('./remote/mode-probe').then(({ probeMode }) => probeMode())

function remembered(store: KeyValueStore | null): AppMode | null {
  const value = readItem(store, MODE_KEY)
  return value === 'server' || value === 'device-only' ? value : null
}

/**
 * The mode for this load. A remembered mode answers at once, so an offline
 * start never waits on the network; the server is asked again in the
 * background and a change is remembered for the next load, never switched
 * under a running page. Only a first visit waits for the answer, and not for
 * long: with none in time it runs device-only without remembering that.
 */
export function resolveAppMode({
  store = browserStore(),
  probe = probeServer,
  firstVisitWaitMs = FIRST_VISIT_WAIT_MS,
}: ModeOptions = {}): Promise<AppMode> {
  const known = remembered(store)
  const checked = probe().then(
    (mode) => {
      if (mode) writeItem(store, MODE_KEY, mode)
      return mode
    },
    () => null,
  )
  if (known) return Promise.resolve(known)
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), firstVisitWaitMs))
  return Promise.race([checked, late]).then((mode) => mode ?? 'device-only')
}

/**
 * Whether what is sent for the admin (a contact message, an error report) is
 * queued for the server: in server mode, and also while this load's mode is
 * only a first visit's guess (nothing remembered: the server could not be
 * asked), so a visitor's message written offline is not kept from a server
 * that is there. The server's answer to the send settles it: a static host
 * refuses it (docs/decisions/028-inbox-queue.md).
 */
export async function queuesForServer(
  mode: () => Promise<AppMode>,
  store: KeyValueStore | null = browserStore(),
): Promise<boolean> {
  return (await mode()) === 'server' || remembered(store) === null
}

let current: Promise<AppMode> | undefined

/** This load's mode, worked out once, on first need: the landing page for visitors never asks. */
export function appMode(): Promise<AppMode> {
  return (current ??= resolveAppMode())
}
