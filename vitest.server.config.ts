import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import { hashAdminSecret } from './build/admin-secret.ts'

// `npm test` runs the server suite twice: on PGlite (test:server), then on PostgreSQL
// (test:server:pg, through scripts/test-server-pg.mjs, which sets SERVER_TESTS_ON_POSTGRES). CI
// exports TEST_DATABASE_URL for the whole run, so without the marker it is dropped here, before the
// workers start, and the first run really is on PGlite.
if (process.env.SERVER_TESTS_ON_POSTGRES !== '1') delete process.env.TEST_DATABASE_URL

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // The server imports src/domain, which reads these build-time constants.
  define: {
    __ADMIN_SECRET_HASH__: JSON.stringify(hashAdminSecret({}, () => undefined)),
    __APP_VERSION__: JSON.stringify('test'),
  },
  test: {
    // tests/sync: the device's synced repository against the real server, in one process.
    // tests/admin: the admin's dashboard in server mode, read from the real server.
    include: [
      'server/**/*.test.ts',
      'tests/sync/**/*.test.ts',
      'tests/money/**/*.test.ts',
      'tests/admin/**/*.test.{ts,tsx}',
    ],
    // Starts this run's server log afresh; npm run test:server-log checks it afterwards.
    globalSetup: ['./server/test-support/global-setup.ts'],
    environment: 'node',
    // Two cores: more workers only make each file's database slower.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Each file opens and migrates its own database first: PGlite takes seconds on a busy machine.
    hookTimeout: 60_000,
  },
})
