import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  acquireLock,
  APP_FOLDER,
  decide,
  newestSourceMtime,
  prepareBuild,
  readCurrent,
  removeOldBuilds,
  SERVER_FOLDER,
} from './server-build.mjs'
import { SERVER_MAIN } from './server-bundle.mjs'

let root
let buildRoot
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'letterhead-start-'))
  buildRoot = join(root, 'dist-server')
  mkdirSync(join(root, 'src', 'routes'), { recursive: true })
  writeFileSync(join(root, 'src', 'routes', 'index.tsx'), '')
  mkdirSync(join(root, 'server'))
  writeFileSync(join(root, 'server', 'main.ts'), '')
  writeFileSync(join(root, 'index.html'), '')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const setMtime = (path, ms) => utimesSync(join(root, path), ms / 1000, ms / 1000)
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid
const fakeBuild = (calls) => async (outDir) => {
  calls.push(outDir)
  await new Promise((resolve) => setTimeout(resolve, 200))
  mkdirSync(join(outDir, APP_FOLDER), { recursive: true })
  writeFileSync(join(outDir, APP_FOLDER, 'index.html'), '<!doctype html>')
  mkdirSync(join(outDir, SERVER_FOLDER))
  writeFileSync(join(outDir, SERVER_FOLDER, SERVER_MAIN), '')
}

describe('newestSourceMtime', () => {
  it('takes the newest source file or folder and ignores the generated route tree', () => {
    for (const path of [
      'src/routes/index.tsx',
      'src/routes',
      'src',
      'server/main.ts',
      'server',
      'index.html',
    ]) {
      setMtime(path, 1_000_000)
    }
    setMtime('index.html', 2_000_000)
    expect(newestSourceMtime(root)).toBe(2_000_000)

    writeFileSync(join(root, 'src', 'routeTree.gen.ts'), '')
    setMtime('src/routeTree.gen.ts', 9_000_000)
    setMtime('src', 1_000_000)
    expect(newestSourceMtime(root)).toBe(2_000_000)
  })

  it('notices a deleted source through its folder', () => {
    setMtime('src', 1_000_000)
    const before = newestSourceMtime(root)
    rmSync(join(root, 'src', 'routes', 'index.tsx'))
    expect(newestSourceMtime(root)).toBeGreaterThan(before)
  })
})

describe('decide and prepareBuild', () => {
  it('builds when there is no build, then reuses it while sources and environment are the same', async () => {
    expect(decide({ root, buildRoot, env: {} })).toMatchObject({
      build: true,
      reason: 'no build yet',
    })
    const calls = []
    const first = await prepareBuild({ root, env: {}, build: fakeBuild(calls) })
    expect(first.built).toBe(true)
    expect(existsSync(join(first.dir, APP_FOLDER, 'index.html'))).toBe(true)

    const again = await prepareBuild({ root, env: { ADMIN_SECRET: '' }, build: fakeBuild(calls) })
    expect(again).toMatchObject({ built: false, id: first.id })
    expect(calls).toHaveLength(1)
  })

  it('builds again after a source changes, or with another admin secret', async () => {
    const calls = []
    await prepareBuild({ root, env: { ADMIN_SECRET: 'one' }, build: fakeBuild(calls) })
    expect(decide({ root, buildRoot, env: { ADMIN_SECRET: 'two' } })).toMatchObject({ build: true })
    expect(decide({ root, buildRoot, env: { ADMIN_SECRET: 'one', VITE_X: '1' } })).toMatchObject({
      build: true,
    })
    expect(decide({ root, buildRoot, env: { ADMIN_SECRET: 'one' } })).toMatchObject({
      build: false,
    })

    setMtime('src/routes/index.tsx', Date.now() + 60_000)
    expect(decide({ root, buildRoot, env: { ADMIN_SECRET: 'one' } })).toMatchObject({
      build: true,
      reason: 'the sources changed since the last build',
    })
  })

  it('builds again after a change to the server alone', async () => {
    await prepareBuild({ root, env: {}, build: fakeBuild([]) })
    expect(decide({ root, buildRoot, env: {} })).toMatchObject({ build: false })
    setMtime('server/main.ts', Date.now() + 60_000)
    expect(decide({ root, buildRoot, env: {} })).toMatchObject({
      build: true,
      reason: 'the sources changed since the last build',
    })
  })

  it('builds again over a build without the server (the layout before it was bundled)', async () => {
    const { dir } = await prepareBuild({ root, env: {}, build: fakeBuild([]) })
    rmSync(join(dir, SERVER_FOLDER), { recursive: true })
    expect(decide({ root, buildRoot, env: {} })).toMatchObject({
      build: true,
      reason: 'the last build lacks the app or the server',
    })
  })

  it('builds once when two starts ask at the same time, and both serve that build', async () => {
    const calls = []
    const waits = []
    const start = () =>
      prepareBuild({ root, env: {}, build: fakeBuild(calls), onWait: (pid) => waits.push(pid) })
    const [a, b] = await Promise.all([start(), start()])
    expect(calls).toHaveLength(1)
    expect(a.id).toBe(b.id)
    expect(waits).toEqual([process.pid])
    expect(readCurrent(buildRoot)?.id).toBe(a.id)
    expect(existsSync(join(buildRoot, 'lock'))).toBe(false)
  })

  it('keeps no half-made build and frees the lock when the build fails', async () => {
    const failing = async (outDir) => {
      mkdirSync(outDir)
      throw new Error('vite failed')
    }
    await expect(prepareBuild({ root, env: {}, build: failing })).rejects.toThrow('vite failed')
    expect(existsSync(join(buildRoot, 'lock'))).toBe(false)
    expect(readCurrent(buildRoot)).toBeNull()
    const next = await prepareBuild({ root, env: {}, build: fakeBuild([]) })
    expect(readdirSync(buildRoot).filter((name) => name.endsWith('.partial'))).toEqual([])
    expect(next.built).toBe(true)
  })
})

describe('acquireLock', () => {
  const writeLock = (pid) => {
    mkdirSync(join(buildRoot, 'lock'), { recursive: true })
    if (pid !== undefined) writeFileSync(join(buildRoot, 'lock', 'pid'), String(pid))
  }

  it('takes over a lock whose process is gone, or that names none', async () => {
    writeLock(deadPid())
    ;(await acquireLock(buildRoot, { timeoutMs: 1_000 }))()
    writeLock(undefined)
    ;(await acquireLock(buildRoot, { timeoutMs: 1_000 }))()
    expect(existsSync(join(buildRoot, 'lock'))).toBe(false)
  })

  it('waits for a live holder and gives up after the timeout, naming it', async () => {
    writeLock(process.ppid)
    await expect(acquireLock(buildRoot, { timeoutMs: 300, retryMs: 50 })).rejects.toThrow(
      `held by process ${process.ppid}`,
    )
    expect(existsSync(join(buildRoot, 'lock', 'pid'))).toBe(true)
  })
})

describe('removeOldBuilds', () => {
  it('keeps the current build, the newest three and any a live process serves', () => {
    const ids = [1, 2, 3, 4, 5, 6].map((n) => `2026-01-0${n}T00-00-00-000Z-abcd`)
    for (const id of ids) mkdirSync(join(buildRoot, id), { recursive: true })
    mkdirSync(join(buildRoot, `${ids[5]}.partial`))
    mkdirSync(join(buildRoot, 'serving'))
    writeFileSync(join(buildRoot, 'serving', String(process.pid)), ids[1])
    writeFileSync(join(buildRoot, 'serving', String(deadPid())), ids[2])
    writeFileSync(join(buildRoot, 'current'), JSON.stringify({ id: ids[0] }))

    removeOldBuilds(buildRoot)

    expect(readdirSync(buildRoot).sort()).toEqual([
      ids[0],
      ids[1],
      ids[3],
      ids[4],
      ids[5],
      'current',
      'serving',
    ])
    expect(readdirSync(join(buildRoot, 'serving'))).toEqual([String(process.pid)])
  })
})
