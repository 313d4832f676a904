/**
 * A user's own letters at 10,000 (`npm run bench`): the My Letters page, its
 * count and the letters-left figure the dashboard reads on every change.
 */
import { bench, describe } from 'vitest'
import type { Letter } from '@/domain/types'
import { createTestRepository } from '@/data/test-support'

const LETTERS = 10_000
const PER_PAGE = 10

const { repo, db } = createTestRepository()
const user = await repo.auth.signUp({
  fullName: 'Bench',
  email: 'bench@example.com',
  password: 'password123',
  role: 'user',
})
const subscription = await repo.subscriptions.create({ plan: 'annual8' })
const rows: Letter[] = Array.from({ length: LETTERS }, (_, index) => {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
  return {
    id: `letter-${index}`,
    userId: user.id,
    type: 'Demand Letter',
    senderName: 'Bench',
    senderAddress: '1 Main Street',
    recipientName: `Recipient ${index}`,
    recipientAddress: '2 High Street',
    matter: `Matter ${index}`,
    resolution: 'Pay the balance.',
    content: `Dear Recipient ${index}:\n\nPlease pay.`,
    status: 'completed',
    generator: 'built-in',
    // Letters written before plans granted credits: they name no subscription.
    ...(index < 8 ? { subscriptionId: subscription.id } : {}),
    createdAt: at,
    updatedAt: at,
  }
})
for (let start = 0; start < rows.length; start += 2_000)
  await db.letters.bulkAdd(rows.slice(start, start + 2_000))

// Measure real work: a broken query returning nothing would look fast.
const check = await repo.letters.pageMine({ offset: 0, limit: PER_PAGE })
if (check.total !== LETTERS || check.letters.length !== PER_PAGE)
  throw new Error(`expected ${LETTERS} letters`)

const options = { time: 0, iterations: 10, warmupTime: 0, warmupIterations: 1 }
const lastOffset = LETTERS - PER_PAGE

describe(`My Letters over ${LETTERS} letters`, () => {
  bench(
    'first page',
    () => repo.letters.pageMine({ offset: 0, limit: PER_PAGE }).then(() => undefined),
    options,
  )
  bench(
    'last page',
    () => repo.letters.pageMine({ offset: lastOffset, limit: PER_PAGE }).then(() => undefined),
    options,
  )
  bench('count', () => repo.letters.countMine().then(() => undefined), options)
  bench('letters left', () => repo.subscriptions.entitlements().then(() => undefined), options)
})
