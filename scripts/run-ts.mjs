// Runs a TypeScript benchmark through tsx: `node scripts/run-ts.mjs bench/server/run.ts [args]`.
// Arguments pass through; the exit code is the bench's (1 when a target is missed). Benches stop
// their servers, databases and Chromium when interrupted, so the signal is passed on for them to.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const [entry, ...args] = process.argv.slice(2)
if (!entry) {
  console.error('Usage: node scripts/run-ts.mjs <file.ts> [arguments]')
  process.exit(1)
}
const root = fileURLToPath(new URL('..', import.meta.url))
const child = spawn(
  fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
  [entry, ...args],
  { cwd: root, stdio: 'inherit' },
)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('error', (error) => {
  console.error(`Could not start tsx: ${error.message}`)
  process.exitCode = 1
})
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0)
})
