import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirInUse extends Error {
  override name = 'DataDirInUse'
  constructor(
    message: string,
    /** The process that holds the folder, when one does. */
    readonly holder?: number,
  ) {
    super(message)
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one process's database: a second server opening the same folder
 * would corrupt it. The first to start writes its pid into the folder; another
 * start refuses with a line saying what to do, unless that process is gone.
 * Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, 'server.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' })
      return () => rmSync(path, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(path, 'utf8'))
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new DataDirInUse(
          `Invalid DATA_DIR: ${dir} is in use by another Letterhead server (process ${holder}). Give this one its own DATA_DIR, or use DATABASE_URL to share one PostgreSQL.`,
          holder,
        )
      }
      // Left by a server that did not close cleanly.
      rmSync(path, { force: true })
    }
  }
  throw new DataDirInUse(`Invalid DATA_DIR: could not lock ${dir}.`)
}
