import type { LetterheadDatabase } from '@/data/database'
import { createDexieRepository } from '@/data/dexie-repository'
import { SAMPLE_LETTER } from '@/data/test-support'
import type { StorageOp, StorageScaleResult } from '../shared/harness-api'
import { baseline, baselineSignIn, clearBaseline, writeBaseline } from './baseline'
import { openRaw, rawCreate, rawListMine, rawTotals } from './raw-idb'
import { type Seeded, seedDemoScale, seedOwnLetters, signInAs } from './seed'
import { sideBySide, writesSideBySide } from './side-by-side'

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
