import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DataDirInUse, lockDataDir } from './data-dir-lock'

const freshDir = () => mkdtempSync(join(tmpdir(), 'letterhead-lock-'))

describe('the PGlite data folder lock', () => {
  it('is taken by the first server and released on close', () => {
    const dir = freshDir()
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(join(dir, 'server.pid'))).toBe(false)
  })

  it('refuses a second server while the first one lives, saying what to do', () => {
    const dir = freshDir()
    // The parent of this test process stands in for another running server.
    writeFileSync(join(dir, 'server.pid'), String(process.ppid))
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse)
    expect(() => lockDataDir(dir)).toThrow(
      `Invalid DATA_DIR: ${dir} is in use by another Letterhead server (process ${process.ppid}). Give this one its own DATA_DIR, or use DATABASE_URL to share one PostgreSQL.`,
    )
  })

  it('takes over a lock left by a server that is gone', () => {
    const dir = freshDir()
    const gone = spawnSync(process.execPath, ['-e', '0']).pid
    writeFileSync(join(dir, 'server.pid'), String(gone))
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid))
    release()
  })
})
