import { Dexie } from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { openDatabase, SCHEMA_VERSION } from './database'

describe('many tabs', () => {
  it('closes and says so when another tab opens a newer version', async () => {
    const name = `events-${Date.now()}`
    const onVersionChange = vi.fn()
    const current = openDatabase(name, { onVersionChange })
    await current.open()
    const newer = new Dexie(name)
    newer.version(SCHEMA_VERSION + 1).stores({ users: 'id' })
    await newer.open()
    expect(onVersionChange).toHaveBeenCalledOnce()
    expect(current.isOpen()).toBe(false)
    newer.close()
  })

  it('says so when an older tab blocks the upgrade', async () => {
    const name = `blocked-${Date.now()}`
    // An old connection that ignores version changes, as a tab running old code might.
    const old = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 10)
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('open failed'))
    })
    const onBlocked = vi.fn()
    const db = openDatabase(name, { onBlocked })
    const opening = db.open()
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled())
    old.close()
    await opening
    expect(db.isOpen()).toBe(true)
    db.close()
  })
})
