import { onFirstUse } from './on-first-use'
export type StorageStatus = {
  persisted: boolean | null
  usage: number | null
  quota: number | null
}

/** Asks the browser to keep Letterhead's data even when space runs low; harmless where unsupported. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false
  } catch {
    return false
  }
}

export async function readStorageStatus(): Promise<StorageStatus> {
  const storage = navigator.storage as StorageManager | undefined
  const [persisted, estimate] = await Promise.all([
    storage?.persisted?.().catch(() => null) ?? null,
    storage?.estimate?.().catch(() => null) ?? null,
  ])
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null }
}

const bytes = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }))

export function formatBytes(value: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let size = value
  let unit = 0
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024
    unit++
  }
  return `${bytes().format(size)} ${units[unit]}`
}
