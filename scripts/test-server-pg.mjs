// npm run test:server:pg: the server suite again, on the PostgreSQL named by TEST_DATABASE_URL
// (.ci/run sets it through scripts/ensure-postgres.mjs). Without it there is nothing to run, and
// it says so rather than pass in silence.
import { spawnSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the server suite ran on PGlite only (set it, or run .ci/run, to run it on PostgreSQL too).',
  )
  process.exit(0)
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const vitest = join(root, 'node_modules', '.bin', 'vitest')
// The marker keeps TEST_DATABASE_URL for the tests (vitest.server.config.ts drops it otherwise).
const result = spawnSync(vitest, ['run', '--config', 'vitest.server.config.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, SERVER_TESTS_ON_POSTGRES: '1' },
})
process.exit(result.status ?? 1)
