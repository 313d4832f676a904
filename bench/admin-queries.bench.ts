/**
 * The admin queries at the scale the dashboard is built for (`npm run bench`).
 * fake-indexeddb steps cursors far more slowly than a browser does, so deep
 * pages cost more here than in Chromium; the numbers compare changes, they do
 * not predict a browser's.
 */
import { bench, describe } from 'vitest'
import type { AdminQuery } from '@/data/admin-repository'
import { SESSION_KEY } from '@/data/dexie/context'
import { seedDemoData, seededRandom } from '@/data/demo-seed'
import { createTestRepository } from '@/data/test-support'

const USERS = 10_000
const LETTERS = 100_000
const PAGE_SIZE = 25

const { repo, db } = createTestRepository()
const started = performance.now()
await seedDemoData(db, { users: USERS, letters: LETTERS, random: seededRandom(42) })
const now = new Date().toISOString()
await db.users.add({
  id: 'admin',
  email: 'admin@example.com',
  fullName: 'Admin',
  role: 'admin',
  createdAt: now,
  updatedAt: now,
})
await db.session.put({ id: SESSION_KEY, userId: 'admin', signedInAt: now })
console.log(
  `seeded ${USERS} users and ${LETTERS} letters in ${Math.round(performance.now() - started)} ms`,
)

const lastPage = Math.ceil(LETTERS / PAGE_SIZE)
const letters = (page: number, extra: Partial<AdminQuery> = {}) =>
  repo.admin.letters({
    page,
    pageSize: PAGE_SIZE,
    sort: 'createdAt',
    direction: 'desc',
    search: '',
    ...extra,
  })

// Measure real work: a broken query returning nothing would look fast.
const check = await letters(lastPage)
if (check.total !== LETTERS || check.rows.length !== PAGE_SIZE)
  throw new Error(`expected ${LETTERS} letters, read ${check.total}`)

const options = { time: 0, iterations: 5, warmupTime: 0, warmupIterations: 1 }

describe(`admin queries over ${LETTERS} letters and ${USERS} users`, () => {
  bench('totals()', () => repo.admin.totals().then(() => undefined), options)
  bench('letters by createdAt, first page', () => letters(1).then(() => undefined), options)
  bench(
    'letters by createdAt, middle page',
    () => letters(lastPage / 2).then(() => undefined),
    options,
  )
  bench('letters by createdAt, last page', () => letters(lastPage).then(() => undefined), options)
  bench('letters search', () => letters(1, { search: 'invoice' }).then(() => undefined), options)
})
