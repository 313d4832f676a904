import { vi } from 'vitest'
import type { RefusedChange, SyncRepository, SyncStatus } from '@/data/repository'

/**
 * A server-mode sync part for component tests: its status is whatever the
 * test publishes, and every call is a spy the test can answer differently.
 */
export function fakeSync(initial: SyncStatus, overrides: Partial<SyncRepository> = {}) {
  let status = initial
  const statusListeners = new Set<(status: SyncStatus) => void>()
  const refusalListeners = new Set<(refused: RefusedChange[]) => void>()
  const sync = {
    start: vi.fn(() => Promise.resolve()),
    status: () => status,
    onStatus: (listener: (status: SyncStatus) => void) => {
      statusListeners.add(listener)
      return () => void statusListeners.delete(listener)
    },
    onRefused: (listener: (refused: RefusedChange[]) => void) => {
      refusalListeners.add(listener)
      return () => void refusalListeners.delete(listener)
    },
    syncNow: vi.fn(() => Promise.resolve()),
    flushOutbox: vi.fn(() => Promise.resolve(true)),
    pendingChanges: vi.fn(() => Promise.resolve(initial.pending)),
    deviceOnlyData: vi.fn(() => Promise.resolve(null)),
    uploadDeviceOnlyData: vi.fn(() => Promise.resolve({ letters: 0 })),
    keepDeviceOnlyDataApart: vi.fn(() => Promise.resolve()),
    dismissIssue: vi.fn(() => Promise.resolve()),
    ...overrides,
  } satisfies SyncRepository
  return {
    sync,
    publish(next: SyncStatus) {
      status = next
      for (const listener of statusListeners) listener(next)
    },
    refuse(refused: RefusedChange[]) {
      for (const listener of refusalListeners) listener(refused)
    },
    listening: () => ({ status: statusListeners.size, refused: refusalListeners.size }),
  }
}

/** A server-mode status: synced, nothing waiting, no first download. */
export const SYNCED: SyncStatus = { phase: 'synced', pending: 0, download: null }
