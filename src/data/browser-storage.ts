/** The part of `localStorage` Letterhead uses for small flags that must be read before the database. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** `localStorage`, or nothing where the browser refuses it (some private windows, sandboxed frames). */
export function browserStore(): KeyValueStore | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

/** Reads a flag; storage that cannot be read holds nothing. */
export function readItem(store: KeyValueStore | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null
  } catch {
    return null
  }
}

/** Writes a flag, or removes it for `null`; storage that refuses is left as it is. */
export function writeItem(store: KeyValueStore | null, key: string, value: string | null): void {
  try {
    if (value === null) store?.removeItem(key)
    else store?.setItem(key, value)
  } catch {
    // Only a remembered hint is lost: the next load asks again.
  }
}
