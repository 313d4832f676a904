import { DATABASE_NAME, SESSION_KEY, SESSION_TABLE } from './database-names'

/**
 * Whether someone is signed in on this device, read with the browser's own
 * IndexedDB calls so the landing page can decide what to show without loading
 * the database library. It only looks: it never creates the database (a
 * visitor who has never signed up leaves nothing behind) and closes at once,
 * so it cannot hold up an upgrade. When storage cannot be read, nobody is
 * signed in as far as the landing page is concerned; the app, once loaded,
 * reports the real problem.
 */
export function peekSignedIn(
  name: string = DATABASE_NAME,
  factory: Pick<IDBFactory, 'open'> | null = globalThis.indexedDB ?? null,
): Promise<boolean> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      if (!factory) throw new Error('No IndexedDB')
      request = factory.open(name)
    } catch {
      resolve(false)
      return
    }
    // No database yet: abort the creation, which fails the request below.
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onerror = (event) => {
      event.preventDefault()
      resolve(false)
    }
    request.onsuccess = () => {
      const db = request.result
      db.onversionchange = () => db.close()
      try {
        if (!db.objectStoreNames.contains(SESSION_TABLE)) throw new Error('No session table')
        const read = db
          .transaction(SESSION_TABLE, 'readonly')
          .objectStore(SESSION_TABLE)
          .get(SESSION_KEY)
        read.onsuccess = () => resolve(read.result !== undefined)
        read.onerror = () => resolve(false)
      } catch {
        resolve(false)
      } finally {
        db.close()
      }
    }
  })
}
