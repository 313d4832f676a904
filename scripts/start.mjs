// npm start: builds the app when its sources changed (scripts/server-build.mjs), then runs the
// Letterhead server on that build, serving the app and /api from one origin (PORT, HOST, DATA_DIR…).
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { prepareBuild } from './server-build.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// LETTERHEAD_SERVER_ENTRY runs another server file in place of server/main.ts: tests of this script
// use a stand-in server.
const entry = resolve(root, process.env.LETTERHEAD_SERVER_ENTRY ?? 'server/main.ts')

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

async function viteBuild(outDir) {
  // vite.config.ts names the build after npm_package_version, which only `npm start` sets.
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  const env = { npm_package_version: version, ...process.env }
  const vite = join(root, 'node_modules', '.bin', 'vite')
  const result = await run(vite, ['build', '--outDir', outDir, '--emptyOutDir'], { env })
  if (result.code !== 0) throw Object.assign(new Error('The build failed.'), { result })
}

let build
try {
  build = await prepareBuild({
    root,
    env: process.env,
    build: viteBuild,
    onWait: (pid) => console.log(`Waiting for the build another start (process ${pid}) is making…`),
  })
} catch (error) {
  // Thrown after prepareBuild released the lock, so the next start is not kept waiting.
  if (!error.result) console.error(error.message)
  else if (!error.result.signal) console.error('The build failed; see the messages above.')
  exitLike(error.result ?? { code: 1 })
}
const shown = relative(root, build.dir)
console.log(
  build.built
    ? `Built the app into ${shown} (${build.reason}).`
    : `Reusing the build in ${shown} (${build.reason}).`,
)

// `node --import tsx` rather than the tsx command: one process, so signals and the exit code are the
// server's own.
const result = await run(process.execPath, ['--import', 'tsx', entry], {
  env: { ...process.env, STATIC_DIR: build.dir },
})
build.stopServing()
exitLike(result)
