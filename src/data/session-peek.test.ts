import { describe, expect, it } from 'vitest'
import { openDatabase } from './database'
import { createDexieRepository } from './dexie-repository'
import { peekSignedIn } from './session-peek'

let counter = 0
const freshName = () => `letterhead-peek-${Date.now()}-${counter++}`

const databaseNames = async () => (await indexedDB.databases()).map((info) => info.name)

describe('peekSignedIn', () => {
  it('says nobody is signed in where there is no database, and leaves none behind', async () => {
    const name = freshName()
    expect(await peekSignedIn(name)).toBe(false)
    expect(await databaseNames()).not.toContain(name)
  })

  it('follows the session row as people sign up, out and in', async () => {
    const name = freshName()
    const db = openDatabase(name)
    const repository = createDexieRepository({ db })
    await db.open()
    expect(await peekSignedIn(name)).toBe(false)

    await repository.auth.signUp({
      fullName: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'password123',
      role: 'user',
    })
    expect(await peekSignedIn(name)).toBe(true)

    await repository.auth.signOut()
    expect(await peekSignedIn(name)).toBe(false)

    await repository.auth.signIn({ email: 'ada@example.com', password: 'password123' })
    expect(await peekSignedIn(name)).toBe(true)
    db.close()
  })

  it('does not hold the database open: the app can still open and upgrade it afterwards', async () => {
    const name = freshName()
    const first = openDatabase(name)
    await first.open()
    first.close()
    expect(await peekSignedIn(name)).toBe(false)
    const again = openDatabase(name)
    await again.open()
    expect(again.isOpen()).toBe(true)
    again.close()
  })

  it('says nobody is signed in when the browser has no IndexedDB or refuses it', async () => {
    expect(await peekSignedIn(freshName(), null)).toBe(false)
    const refusing = {
      open: () => {
        throw new DOMException('Denied', 'SecurityError')
      },
    }
    expect(await peekSignedIn(freshName(), refusing)).toBe(false)
  })
})
