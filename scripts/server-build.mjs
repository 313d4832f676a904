// The build `npm start` serves and runs: the app in <build>/app, the server bundled in <build>/server
// (scripts/server-bundle.mjs). Builds go into their own folders under dist-server/ and are never
// rewritten, so a second instance started from the same checkout can rebuild while the first keeps
// serving its files; dist-server/current names the newest, and a lock keeps two starts from building
// at once. The folder sits under `dist*`, which git, ESLint and Prettier already leave alone.
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { SERVER_MAIN } from './server-bundle.mjs'

/** A build's two parts, folders of its own folder. */
export const APP_FOLDER = 'app'
export const SERVER_FOLDER = 'server'

/** Whether a build folder holds both parts whole (a build of an older layout does not). */
const isComplete = (dir) =>
  existsSync(join(dir, APP_FOLDER, 'index.html')) &&
  existsSync(join(dir, SERVER_FOLDER, SERVER_MAIN))

/** Everything a build is made from, relative to the checkout. */
export const SOURCES = [
  'src',
  'server',
  'public',
  'index.html',
  'vite.config.ts',
  'build',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
]
// The router plugin regenerates this file during every build; it follows src/routes/, which counts.
const IGNORED = new Set(['src/routeTree.gen.ts'])

/** Newest modification time (ms) among the sources; folders count too, so a deleted file shows. */
export function newestSourceMtime(root) {
  let newest = 0
  const visit = (relative) => {
    if (IGNORED.has(relative)) return
    let stats
    try {
      stats = statSync(join(root, relative))
    } catch {
      return // optional sources (.env files) may be absent
    }
    newest = Math.max(newest, stats.mtimeMs)
    if (stats.isDirectory()) {
      for (const name of readdirSync(join(root, relative))) visit(`${relative}/${name}`)
    }
  }
  SOURCES.forEach(visit)
  return newest
}

// The environment a build bakes in: the admin secret (hashed into the bundle) and VITE_* variables.
// It is kept only as a salted PBKDF2 hash, like the bundle's own, so the secret is not written down.
const ENV_HASH_ITERATIONS = 600_000
const buildEnv = (env) =>
  JSON.stringify(
    Object.keys(env)
      // An empty ADMIN_SECRET means the development secret, as an absent one does.
      .filter((key) => key.startsWith('VITE_') || (key === 'ADMIN_SECRET' && env[key] !== ''))
      .sort()
      .map((key) => [key, env[key]]),
  )
const pbkdf2 = (text, salt) => pbkdf2Sync(text, salt, ENV_HASH_ITERATIONS, 32, 'sha256')

export function hashBuildEnv(env) {
  const salt = randomBytes(16)
  return { salt: salt.toString('base64'), hash: pbkdf2(buildEnv(env), salt).toString('base64') }
}

export function buildEnvMatches(recorded, env) {
  if (!recorded?.salt || !recorded?.hash) return false
  const expected = Buffer.from(recorded.hash, 'base64')
  const actual = pbkdf2(buildEnv(env), Buffer.from(recorded.salt, 'base64'))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** dist-server/current: `{ id, startedAt, env }` of the build new instances serve, or null. */
export function readCurrent(buildRoot) {
  try {
    return JSON.parse(readFileSync(join(buildRoot, 'current'), 'utf8'))
  } catch {
    return null
  }
}

function writeCurrent(buildRoot, record) {
  // Written aside and renamed, so a starting instance never reads half a file.
  const temporary = join(buildRoot, `current.${process.pid}.tmp`)
  writeFileSync(temporary, `${JSON.stringify(record)}\n`)
  renameSync(temporary, join(buildRoot, 'current'))
}

/** Whether the current build can be served as it is, and why (for the one line `npm start` prints). */
export function decide({ root, buildRoot, env }) {
  const current = readCurrent(buildRoot)
  if (!current) return { build: true, reason: 'no build yet' }
  if (!isComplete(join(buildRoot, current.id))) {
    return { build: true, reason: 'the last build lacks the app or the server' }
  }
  if (newestSourceMtime(root) >= current.startedAt) {
    return { build: true, reason: 'the sources changed since the last build' }
  }
  if (!buildEnvMatches(current.env, env)) {
    return { build: true, reason: 'ADMIN_SECRET or VITE_* differ from the last build' }
  }
  return { build: false, reason: 'the sources are unchanged since it was built', current }
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM' // it exists, under another user
  }
}

/** The pid in a lock folder: undefined when there is no lock, null when it names none. */
function lockHolder(lock) {
  if (!existsSync(lock)) return undefined
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return existsSync(lock) ? null : undefined
  }
}

/**
 * Takes dist-server/lock, waiting while a live process holds it and taking over one whose process is
 * gone. The lock folder is made aside with the pid inside and renamed into place, so it is never seen
 * without its pid. Resolves to a function that releases it.
 */
export async function acquireLock(
  buildRoot,
  { timeoutMs = 15 * 60_000, retryMs = 250, onWait } = {},
) {
  mkdirSync(buildRoot, { recursive: true })
  const lock = join(buildRoot, 'lock')
  const deadline = Date.now() + timeoutMs
  let waiting = false
  for (;;) {
    const candidate = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}`
    mkdirSync(candidate)
    writeFileSync(join(candidate, 'pid'), String(process.pid))
    try {
      renameSync(candidate, lock)
      return () => {
        if (lockHolder(lock) === process.pid) rmSync(lock, { recursive: true, force: true })
      }
    } catch (error) {
      rmSync(candidate, { recursive: true, force: true })
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
    }
    const holder = lockHolder(lock)
    if (holder === undefined) continue // released in the meantime
    if (holder === null || !isAlive(holder)) {
      takeOverStale(lock, holder)
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`${lock} is still held by process ${holder}; stop it or remove the folder.`)
    }
    if (!waiting) onWait?.(holder)
    waiting = true
    await sleep(retryMs)
  }
}

function takeOverStale(lock, holder) {
  // Renamed first, so of two processes that both saw it stale only one removes it.
  const aside = `${lock}.stale.${randomBytes(4).toString('hex')}`
  try {
    renameSync(lock, aside)
  } catch {
    return
  }
  if (lockHolder(aside) === holder) {
    rmSync(aside, { recursive: true, force: true })
    return
  }
  // Another process took the lock between our look and the rename: give it back.
  try {
    renameSync(aside, lock)
  } catch {
    rmSync(aside, { recursive: true, force: true })
  }
}

/**
 * Records that this process serves build `id` (dist-server/serving/<pid>), so no later start removes
 * it however many builds follow. Returns a function that drops the record.
 */
export function markServing(buildRoot, id) {
  const dir = join(buildRoot, 'serving')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, String(process.pid))
  writeFileSync(file, id)
  return () => rmSync(file, { force: true })
}

const KEEP_NEWEST = 3
const BUILD_NAME = /^\d{4}-\d\d-\d\dT[\w-]+$/

/** Removes builds nobody can be serving: not current, not among the newest three, not marked. */
export function removeOldBuilds(buildRoot) {
  const keep = new Set([readCurrent(buildRoot)?.id])
  const servingDir = join(buildRoot, 'serving')
  for (const pid of existsSync(servingDir) ? readdirSync(servingDir) : []) {
    if (isAlive(Number(pid))) keep.add(readFileSync(join(servingDir, pid), 'utf8'))
    else rmSync(join(servingDir, pid), { force: true })
  }
  const names = readdirSync(buildRoot)
  const builds = names.filter((name) => BUILD_NAME.test(name)).sort()
  builds.slice(-KEEP_NEWEST).forEach((name) => keep.add(name))
  for (const name of builds) {
    if (!keep.has(name)) rmSync(join(buildRoot, name), { recursive: true, force: true })
  }
  // Only a build that died leaves these; the caller holds the lock, so none is in progress.
  for (const name of names.filter((name) => name.endsWith('.partial'))) {
    rmSync(join(buildRoot, name), { recursive: true, force: true })
  }
}

/**
 * Under the lock: reuses the current build, or makes a new one with `build(outDir)`, which writes
 * both parts into `outDir`, and makes it current, and marks it served by this process. Resolves to `{ id, dir, built, reason, stopServing }`.
 */
export async function prepareBuild({
  root,
  buildRoot = join(root, 'dist-server'),
  env,
  build,
  onWait,
}) {
  const release = await acquireLock(buildRoot, { onWait })
  try {
    const decision = decide({ root, buildRoot, env })
    let current = decision.current
    if (decision.build) {
      // Stamped before building: a source saved during the build makes the next start build again.
      const startedAt = Date.now()
      const id = `${new Date(startedAt).toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`
      const partial = join(buildRoot, `${id}.partial`)
      await build(partial)
      renameSync(partial, join(buildRoot, id))
      current = { id, startedAt, env: hashBuildEnv(env) }
      writeCurrent(buildRoot, current)
    }
    const stopServing = markServing(buildRoot, current.id)
    removeOldBuilds(buildRoot)
    const dir = join(buildRoot, current.id)
    return { id: current.id, dir, built: decision.build, reason: decision.reason, stopServing }
  } finally {
    release()
  }
}
