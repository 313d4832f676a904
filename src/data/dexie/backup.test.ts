import { describe, expect, it } from 'vitest'
import { BACKUP_TABLES } from '@/domain/backup-schema'
import { expectTalliesMatchRows } from '../../../tests/support/stored-tallies'
import { SAMPLE_LETTER, createTestRepository, signUpWithLetters } from '../test-support'

async function populated() {
  const context = createTestRepository()
  const { repo } = context
  await repo.auth.signUp({
    fullName: 'Em',
    email: 'em@example.com',
    password: 'password123',
    role: 'employee',
  })
  const user = await signUpWithLetters(context.repo, 'a@example.com')
  const letter = await repo.letters.create(SAMPLE_LETTER)
  await repo.letters.complete(letter.id, { content: 'Dear Charles:', generator: 'built-in' })
  await repo.letters.editContent(letter.id, 'Dear Charles, edited:')
  await repo.messages.create({ name: 'N', email: 'n@example.com', subject: 'S', message: 'M' })
  await repo.diagnostics.recordError({ message: 'boom', stack: 'at x', route: '/app' })
  await repo.settings.set('theme', 'dark')
  return { ...context, user }
}

async function snapshot(db: ReturnType<typeof createTestRepository>['db']) {
  const entries = await Promise.all(
    BACKUP_TABLES.map(async (t) => [t, await db.table(t).toArray()] as const),
  )
  return Object.fromEntries(entries)
}

describe('backup and restore', () => {
  it('gives back identical data after export, clear and import', async () => {
    const { repo, db } = await populated()
    const before = await snapshot(db)
    const file = JSON.parse(JSON.stringify(await repo.backup.exportAll())) as unknown
    await db.transaction(
      'rw',
      BACKUP_TABLES.map((t) => db.table(t)),
      async () => {
        for (const table of BACKUP_TABLES) await db.table(table).clear()
      },
    )
    expect((await snapshot(db)).letters).toEqual([])
    const { rows } = await repo.backup.importAll(file)
    expect(rows).toBeGreaterThan(5)
    expect(await snapshot(db)).toEqual(before)
  })

  it.each([
    ['a file that is not a backup', { hello: 'world' }, 'This file is not a Letterhead backup.'],
    [
      'a newer backup',
      {
        format: 'letterhead-backup',
        formatVersion: 1,
        schemaVersion: 99,
        exportedAt: '',
        tables: {},
      },
      'made by a newer version',
    ],
    [
      'a damaged backup',
      {
        format: 'letterhead-backup',
        formatVersion: 1,
        schemaVersion: 2,
        exportedAt: '',
        tables: { users: 'x' },
      },
      'This backup is damaged',
    ],
    [
      'rows without keys',
      {
        format: 'letterhead-backup',
        formatVersion: 1,
        schemaVersion: 2,
        exportedAt: '',
        tables: { letters: [{ matter: 'x' }] },
      },
      'This backup is damaged',
    ],
  ])('refuses %s and changes nothing', async (_name, file, message) => {
    const { repo, db } = await populated()
    const before = await snapshot(db)
    await expect(repo.backup.importAll(file)).rejects.toThrow(message)
    expect(await snapshot(db)).toEqual(before)
  })

  it('changes nothing when rows clash inside the file', async () => {
    const { repo, db } = await populated()
    const before = await snapshot(db)
    const file = await repo.backup.exportAll()
    const [first] = file.tables.users
    file.tables.users.push({ ...first, id: 'other-id' })
    await expect(repo.backup.importAll(file)).rejects.toThrow('This backup is damaged')
    expect(await snapshot(db)).toEqual(before)
  })

  it('brings a version 1 backup up to date', async () => {
    const { repo, db } = await populated()
    const file = await repo.backup.exportAll()
    const old = {
      ...file,
      schemaVersion: 1,
      tables: {
        ...file.tables,
        subscriptions: file.tables.subscriptions.map(({ idempotencyKey: _k, ...rest }) => rest),
      },
    }
    await repo.backup.importAll(old)
    const subscriptions = await db.subscriptions.toArray()
    expect(subscriptions.every((s) => s.idempotencyKey === s.id)).toBe(true)
  })

  it('recounts the stored tallies from the rows, whatever the file says', async () => {
    const { repo, db, user } = await populated()
    const file = await repo.backup.exportAll()
    const tampered = {
      ...file,
      tables: {
        ...file.tables,
        users: file.tables.users.map((row) => ({ ...row, letterCount: 40 })),
        subscriptions: file.tables.subscriptions.map((row) => ({ ...row, lettersUsed: 0 })),
      },
    }
    await repo.backup.importAll(tampered)
    await expectTalliesMatchRows(db)
    expect((await db.users.get(user.id))?.letterCount).toBe(1)
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(7)
  })

  it('gives a version 2 backup its tallies', async () => {
    const { repo, db } = await populated()
    const file = await repo.backup.exportAll()
    const old = {
      ...file,
      schemaVersion: 2,
      tables: {
        ...file.tables,
        users: file.tables.users.map(({ letterCount: _c, ...rest }) => rest),
        subscriptions: file.tables.subscriptions.map(({ lettersUsed: _u, ...rest }) => rest),
      },
    }
    await repo.backup.importAll(old)
    await expectTalliesMatchRows(db)
    expect((await db.subscriptions.toArray()).map((s) => s.lettersUsed)).toEqual([1])
  })

  it('needs someone signed in, except to restore onto a device with no accounts', async () => {
    const { repo } = await populated()
    const file = await repo.backup.exportAll()
    await repo.auth.signOut()
    await expect(repo.backup.exportAll()).rejects.toThrow('Please sign in to continue.')
    await expect(repo.backup.importAll(file)).rejects.toThrow('Please sign in to continue.')

    const fresh = createTestRepository()
    await fresh.repo.backup.importAll(file)
    expect(await fresh.db.users.count()).toBe(2)
    await expect(
      fresh.repo.auth.signIn({ email: 'a@example.com', password: 'password123' }),
    ).resolves.toBeTruthy()
  })
})
