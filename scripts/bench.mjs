// `npm run bench`: the browser benchmark (bench/runner/main.ts), then Lighthouse (bench/lighthouse/main.ts),
// each run through Vite so it can be TypeScript. `--only=lighthouse` (npm run bench:lighthouse) runs
// Lighthouse alone; `--only=` without it, the browser benchmark alone. Exits 1 when either misses a target.
import { runnerImport } from 'vite'

const args = process.argv.slice(2)
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
const lighthouse = !only || only.includes('lighthouse')
const suites = only?.filter((suite) => suite !== 'lighthouse')
const browserBench = !only || suites.length > 0

const run = async (entry, entryArgs) => {
  const { module } = await runnerImport(entry, { configFile: false, logLevel: 'error' })
  return module.main(entryArgs)
}

const others = args.filter((arg) => !arg.startsWith('--only='))
let code = 0
if (browserBench) {
  code = await run(
    './bench/runner/main.ts',
    only ? [...others, `--only=${suites.join(',')}`] : others,
  )
}
if (lighthouse) {
  // After the browser benchmark the build in .bench-dist/ is the current one.
  const lighthouseArgs =
    browserBench && !others.includes('--no-build') ? [...others, '--no-build'] : others
  code = Math.max(code, await run('./bench/lighthouse/main.ts', lighthouseArgs))
}
process.exitCode = code
