import type { LetterheadDatabase } from '@/data/database'
import { createDexieRepository } from '@/data/dexie-repository'
import { SAMPLE_LETTER } from '@/data/test-support'
import { newId } from '@/domain/ids'
import type { OutboxCost, StorageOp, StorageScaleResult } from '../shared/harness-api'
import { baseline, baselineSignIn, clearBaseline, writeBaseline } from './baseline'
import { openRaw, rawCreate, rawEditContent, rawListMine, rawTotals } from './raw-idb'
import { benchSubscription, type Seeded, seedDemoScale, seedOwnLetters, signInAs } from './seed'
import { median } from '../shared/stats'
import { pairedSideBySide, sideBySide, writesSideBySide } from './side-by-side'

/** My Letters shows ten letters a page. */
const PAGE = 10

/** The subjects must agree before their speed means anything. */
function sameAnswer(label: string, answers: ReadonlyArray<unknown>): void {
  const [first, ...rest] = answers.map((answer) => JSON.stringify(answer))
  if (rest.some((answer) => answer !== first))
    throw new Error(`${label}: the subjects disagree: ${[first, ...rest].join(' / ')}`)
}

/** The same rows, in the seed's layout. */
async function storeBaseline(db: LetterheadDatabase) {
  const [users, letters, subscriptions] = await Promise.all([
    db.users.toArray(),
    db.letters.toArray(),
    db.subscriptions.toArray(),
  ])
  return writeBaseline({ users, letters, subscriptions })
}

/** The outbox's cost is a small difference: it gets this many times the storage suite's rounds. */
const OUTBOX_ROUNDS = 2

/**
 * What recording a write's mutation costs it: the same repository write by the bench user, with
 * a syncState row for them (server mode, steady state: the write appends its mutation to the
 * outbox in its transaction; the outbox is emptied before each timing, as a push would) and
 * without one (nothing is recorded), side by side.
 */
async function measureOutbox(
  db: LetterheadDatabase,
  repo: ReturnType<typeof createDexieRepository>,
  userId: string,
  runs: number,
): Promise<OutboxCost[]> {
  const clientId = newId()
  let nextMutationId = 1
  const syncing = async () => {
    await db.outbox.clear()
    await db.syncState.put({ userId, clientId, cursor: 0, nextMutationId, downloaded: true })
  }
  const notSyncing = async () => {
    const state = await db.syncState.get(userId)
    if (state) nextMutationId = state.nextMutationId
    await db.outbox.clear()
    await db.syncState.delete(userId)
  }
  const letter = await db.letters
    .where('userId')
    .equals(userId)
    .filter((candidate) => candidate.status === 'completed')
    .first()
  if (!letter) throw new Error('outbox: the bench user has no completed letter to edit')
  // Credits for these creates (two repository and two plain subjects a round, a check before),
  // beyond the ones the storage figures spent; a bench purchase holds eight.
  const creates = 4 * (runs * OUTBOX_ROUNDS + 1) + 8
  await db.subscriptions.bulkAdd(
    Array.from({ length: Math.ceil(creates / 8) }, () => benchSubscription(userId, new Date())),
  )
  let edits = 0
  const text = () => `${letter.content}\n\nEdit ${++edits}.`
  const writes = {
    create: () => repo.letters.create(SAMPLE_LETTER),
    editContent: () => repo.letters.editContent(letter.id, text()),
  }
  const raw = await openRaw()
  const rawWrites = {
    create: () => rawCreate(raw, SAMPLE_LETTER, new Date()),
    editContent: () => rawEditContent(raw, letter.id, text(), new Date()),
  }
  // The write records its mutation when syncing, and only then; so does the plain one.
  for (const [op, write] of Object.entries(writes) as [OutboxCost['op'], () => unknown][]) {
    await syncing()
    await write()
    await notSyncing()
    await write()
    if ((await db.outbox.count()) !== 0)
      throw new Error('outbox: a write recorded with no sync state')
    await syncing()
    await write()
    if ((await db.outbox.count()) !== 1) throw new Error('outbox: a syncing write recorded nothing')
    await syncing()
    await rawWrites[op]()
    if ((await db.outbox.count()) !== 1) throw new Error('outbox: the plain write recorded nothing')
  }
  const costs: OutboxCost[] = []
  try {
    for (const [op, write] of Object.entries(writes) as [OutboxCost['op'], () => unknown][]) {
      const times = await pairedSideBySide(
        {
          absent: { setup: notSyncing, run: write },
          present: { setup: syncing, run: write },
          rawAbsent: { setup: notSyncing, run: () => rawWrites[op]() },
          rawPresent: { setup: syncing, run: () => rawWrites[op]() },
        },
        runs * OUTBOX_ROUNDS,
      )
      // Round by round, so a change in the machine's pace falls on both sides of a difference.
      // Rounded to the microsecond: the page's clock counts in 0.1 ms steps, and subtracting two of
      // its readings leaves floating-point dust (1.0000000019 for 1.0).
      const added = (syncingTimes: number[], plainTimes: number[]) =>
        Math.round(
          1000 *
            median(syncingTimes.map((value, round) => value - (plainTimes[round] ?? Number.NaN))),
        ) / 1000
      costs.push({
        op,
        absent: median(times.absent),
        present: median(times.present),
        rawAbsent: median(times.rawAbsent),
        rawPresent: median(times.rawPresent),
        added: added(times.present, times.absent),
        rawAdded: added(times.rawPresent, times.rawAbsent),
      })
    }
  } finally {
    await notSyncing()
    raw.close()
  }
  return costs
}

async function measure(
  seeded: Seeded,
  letters: number,
  ops: readonly StorageOp[],
  runs: number,
): Promise<StorageScaleResult> {
  const { db, meId, adminId } = seeded
  const repo = createDexieRepository({ db })
  const raw = await openRaw()
  const stored = await storeBaseline(db)
  const as = async (userId: string) => {
    await signInAs(db, userId)
    baselineSignIn(userId)
  }
  const result: StorageScaleResult = {
    letters,
    users: seeded.users,
    baselineChars: stored.chars,
    baselineFit: stored.fit,
    runs,
    ops: {},
  }
  try {
    for (const op of ops) {
      if (op === 'totals') {
        await as(adminId)
        sameAnswer('totals', [await repo.admin.totals(), await rawTotals(raw), baseline.totals()])
        result.ops.totals = await sideBySide(
          {
            repository: () => repo.admin.totals(),
            raw: () => rawTotals(raw),
            baseline: () => baseline.totals(),
          },
          runs,
        )
        continue
      }
      if (meId === null) throw new Error(`${op} needs the bench user`)
      await as(meId)
      if (op === 'list') {
        const pages = [
          await repo.letters.pageMine({ offset: 0, limit: PAGE }),
          await rawListMine(raw, PAGE),
          baseline.listMine(PAGE),
        ]
        sameAnswer(
          'list',
          pages.map((page) => ({ total: page.total, ids: page.letters.map((l) => l.id) })),
        )
        if (pages[0]?.total !== letters) throw new Error(`list: expected ${letters} letters`)
      }
      result.ops[op] =
        op === 'list'
          ? await sideBySide(
              {
                repository: () => repo.letters.pageMine({ offset: 0, limit: PAGE }),
                raw: () => rawListMine(raw, PAGE),
                baseline: () => baseline.listMine(PAGE),
              },
              runs,
            )
          : await writesSideBySide(
              {
                repository: () => repo.letters.create(SAMPLE_LETTER),
                raw: () => rawCreate(raw, SAMPLE_LETTER, new Date()),
                baseline: () => baseline.create(SAMPLE_LETTER, new Date()),
              },
              runs,
            )
    }
    if (meId !== null && ops.includes('create')) {
      await as(meId)
      result.outbox = await measureOutbox(db, repo, meId, runs)
    }
  } finally {
    raw.close()
    db.close()
    clearBaseline()
  }
  return result
}

export async function measureStorage(letters: number, runs: number): Promise<StorageScaleResult> {
  return measure(await seedOwnLetters(letters), letters, ['list', 'totals', 'create'], runs)
}

export async function measureAdminScale(
  users: number,
  letters: number,
  runs: number,
): Promise<StorageScaleResult> {
  return measure(await seedDemoScale(users, letters), letters, ['totals'], runs)
}
