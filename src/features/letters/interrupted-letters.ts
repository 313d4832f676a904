import type { Repository } from '@/data/repository'

/**
 * A letter is `generating` only while a tab is writing it. When that tab
 * closes or reloads mid-way, the letter would stay `generating` for ever, its
 * credit spent. The writing tab holds a Web Lock named for the letter, which
 * the browser releases when the tab goes away, so any tab can tell an
 * abandoned letter from one still being written.
 */

const LOCK_PREFIX = 'letterhead:writing-letter:'

/** A letter younger than this may not have its lock yet: it was saved a moment before writing began. */
export const INTERRUPTED_GRACE_MS = 30_000
/** Without Web Locks, a letter this old cannot still be being written. */
export const INTERRUPTED_WITHOUT_LOCKS_MS = 15 * 60_000

export const INTERRUPTED_REASON =
  'Interrupted before it was finished: the page was closed or reloaded while the letter was being written.'

type Locks = Pick<LockManager, 'request' | 'query'>

const browserLocks = (): Locks | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined

/** Runs `write` holding the letter's lock, so other tabs know it is being written. */
export function holdingWritingLock<T>(
  letterId: string,
  write: () => Promise<T>,
  locks: Locks | undefined = browserLocks(),
): Promise<T> {
  if (!locks) return write()
  return locks.request(`${LOCK_PREFIX}${letterId}`, write) as Promise<T>
}

/**
 * Fails the signed-in user's letters that nobody is writing any more, which
 * returns their credits so they can be retried. Returns how many it failed.
 */
export async function failInterruptedLetters(
  repository: Repository,
  now: Date = new Date(),
  locks: Locks | undefined = browserLocks(),
): Promise<number> {
  const generating = await repository.letters.listGeneratingMine()
  if (generating.length === 0) return 0
  const held = locks ? new Set((await locks.query()).held?.map((lock) => lock.name)) : undefined
  let failed = 0
  for (const letter of generating) {
    // Another device's lock cannot be seen from here: its letter gets the long wait.
    const minimumAge =
      held && !letter.fromAnotherDevice ? INTERRUPTED_GRACE_MS : INTERRUPTED_WITHOUT_LOCKS_MS
    const age = now.getTime() - new Date(letter.updatedAt).getTime()
    if (age < minimumAge || held?.has(`${LOCK_PREFIX}${letter.id}`)) continue
    // Another tab may have finished or failed it meanwhile; then there is nothing to do.
    const changed = await repository.letters.fail(letter.id, INTERRUPTED_REASON).then(
      () => true,
      () => false,
    )
    if (changed) failed += 1
  }
  return failed
}
