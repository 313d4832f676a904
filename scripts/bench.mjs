// `npm run bench`: the browser benchmark (bench/runner/main.ts), run through Vite so it can be TypeScript.
import { runnerImport } from 'vite'

const { module } = await runnerImport('./bench/runner/main.ts', {
  configFile: false,
  logLevel: 'error',
})
process.exitCode = await module.main(process.argv.slice(2))
