import type { Page } from 'playwright-core'

/** Reads every row of one table straight from the page's IndexedDB, as a test inspects storage. */
export async function readTable(
  page: Page,
  table: string,
): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(
    (name) =>
      new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
        const open = indexedDB.open('letterhead')
        open.onerror = () => reject(open.error ?? new Error('open failed'))
        open.onsuccess = () => {
          const request = open.result.transaction(name, 'readonly').objectStore(name).getAll()
          request.onerror = () => reject(request.error ?? new Error('read failed'))
          request.onsuccess = () => {
            open.result.close()
            resolve(request.result as Array<Record<string, unknown>>)
          }
        }
      }),
    table,
  )
}
