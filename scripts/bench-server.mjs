// `npm run bench:server`: the server benchmark (bench/server/run.ts), run through tsx so it can be
// TypeScript. Arguments pass through; the exit code is the bench's (1 when a target is missed).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const child = spawn(
  fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
  ['bench/server/run.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
// The bench drops its database and removes its files when interrupted: let it finish doing so.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('error', (error) => {
  console.error(`Could not start tsx: ${error.message}`)
  process.exitCode = 1
})
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0)
})
