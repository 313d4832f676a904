import type { HarnessApi, SeedSummary } from '../shared/harness-api'
import { localStorageQuota } from './baseline'
import { type Seeded, seedDemoScale, seedOwnLetters } from './seed'
import { measureAdminScale, measureStorage } from './storage-suite'

async function seedOnly(seed: () => Promise<Seeded>): Promise<SeedSummary> {
  const started = performance.now()
  const { db, users } = await seed()
  const letters = await db.letters.count()
  db.close()
  return { users, letters, ms: performance.now() - started }
}

const api: HarnessApi = {
  storage: measureStorage,
  adminScale: measureAdminScale,
  localStorageQuota: () => Promise.resolve(localStorageQuota()),
  seedMyLetters: (letters) => seedOnly(() => seedOwnLetters(letters)),
  seedAdmin: (users, letters) => seedOnly(() => seedDemoScale(users, letters)),
}

window.letterheadBench = api
document.body.dataset.ready = 'true'
