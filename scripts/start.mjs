// npm start: builds the app and bundles the server when their sources changed
// (scripts/server-build.mjs, scripts/server-bundle.mjs), then runs that server on that build, serving
// the app and /api from one origin (PORT, HOST, DATA_DIR…).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bundleServer, SERVER_MAIN, serverNodeArgs } from './server-bundle.mjs'
import { APP_FOLDER, prepareBuild, SERVER_FOLDER } from './server-build.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')

// The child in the foreground (the build, then the server) gets the signals this process receives,
// so stopping `npm start` stops the server gracefully rather than orphaning it. Each signal is passed
// on once: Ctrl-C reaches this process both from the terminal and through npm, and the server may
// take a second one as an order to stop at once.
let child = null
let forwarded = new Set()
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (!child) process.exit(1)
    if (forwarded.has(signal)) return
    forwarded.add(signal)
    child.kill(signal)
  })
}

function run(command, args, options) {
  forwarded = new Set()
  child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options })
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      child = null
      resolvePromise({ code, signal })
    })
  })
}

// Ends this process as the child ended: the same code, or the same signal.
function exitLike({ code, signal }) {
  if (signal) {
    process.removeAllListeners(signal)
    process.kill(process.pid, signal)
  }
  process.exit(code ?? 1)
}

/** A build step that failed and has printed why; `result` is how its process ended. */
class BuildFailed extends Error {
  constructor(message, result = { code: 1 }) {
    super(message)
    this.result = result
  }
}

async function buildBoth(outDir) {
  // vite.config.ts names the build after npm_package_version, which only `npm start` sets.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const env = { npm_package_version: version, ...process.env }
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const appDir = join(outDir, APP_FOLDER)
  const result = await run(vite, ['build', '--outDir', appDir, '--emptyOutDir'], { env })
  if (result.code !== 0) throw new BuildFailed('The build failed.', result)
  try {
    await bundleServer({ root, outDir: join(outDir, SERVER_FOLDER) })
  } catch {
    // esbuild has printed what it could not bundle.
    throw new BuildFailed('Bundling the server failed.')
  }
}

let build
try {
  build = await prepareBuild({
    root,
    env: process.env,
    build: buildBoth,
    onWait: (pid) => console.log(`Waiting for the build another start (process ${pid}) is making…`),
  })
} catch (error) {
  // Thrown after prepareBuild released the lock, so the next start is not kept waiting.
  if (!(error instanceof BuildFailed)) console.error(error.message)
  else if (!error.result.signal) console.error(`${error.message} See the messages above.`)
  exitLike(error instanceof BuildFailed ? error.result : { code: 1 })
}
const shown = relative(root, build.dir)
console.log(
  build.built
    ? `Built the app and the server into ${shown} (${build.reason}).`
    : `Reusing the build in ${shown} (${build.reason}).`,
)

// Plain node on the bundle: one process, so signals and the exit code are the server's own.
const result = await run(
  process.execPath,
  serverNodeArgs(join(build.dir, SERVER_FOLDER, SERVER_MAIN)),
  {
    env: { ...process.env, STATIC_DIR: join(build.dir, APP_FOLDER) },
  },
)
build.stopServing()
exitLike(result)
