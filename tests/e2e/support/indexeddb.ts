import type { Page } from 'playwright-core'

/**
 * Reads every row of one table straight from the page's IndexedDB, as a test
 * inspects storage. No database yet (the landing page creates none until it
 * stores something) reads as no rows, and the read does not create one.
 */
export async function readTable(
  page: Page,
  table: string,
): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('letterhead')
        let missing = false
        open.onupgradeneeded = () => {
          missing = true
          open.transaction?.abort()
        }
        open.onerror = () => {
          if (missing) resolve([])
          else reject(open.error ?? new Error('open failed'))
        }
        open.onsuccess = () => {
          const db = open.result
          try {
            const request = db.transaction(name, 'readonly').objectStore(name).getAll()
            request.onerror = () => reject(request.error ?? new Error('read failed'))
            request.onsuccess = () => resolve(request.result as Array<Record<string, unknown>>)
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)))
          } finally {
            db.close()
          }
        }
      }),
    table,
  )
}

/** Moves a letter's last change into the past, standing in for time passing in a test. */
export async function backdateLetter(page: Page, letterId: string, ms: number): Promise<void> {
  await page.evaluate(
    ({ id, by }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('letterhead')
        open.onerror = () => reject(open.error ?? new Error('open failed'))
        open.onsuccess = () => {
          const store = open.result.transaction('letters', 'readwrite').objectStore('letters')
          const read = store.get(id)
          read.onsuccess = () => {
            const letter = read.result as { updatedAt: string }
            letter.updatedAt = new Date(Date.parse(letter.updatedAt) - by).toISOString()
            store.put(letter).onsuccess = () => {
              open.result.close()
              resolve()
            }
          }
          read.onerror = () => reject(read.error ?? new Error('read failed'))
        }
      }),
    { id: letterId, by: ms },
  )
}
