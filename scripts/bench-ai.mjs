// `npm run bench:ai`: AI through the server (bench/ai/run.ts), run through tsx so it can be
// TypeScript. Arguments pass through; the exit code is the bench's (1 when a target is missed).
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const child = spawn(
  fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url)),
  ['bench/ai/run.ts', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
// The bench stops its server and Chromium when interrupted: let it finish doing so.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
child.on('error', (error) => {
  console.error(`Could not start tsx: ${error.message}`)
  process.exitCode = 1
})
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0)
})
