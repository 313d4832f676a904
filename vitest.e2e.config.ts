import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  // Tests that start a fake of an outside service share server/test-support, which imports src/domain.
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/e2e/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One Chromium and one preview server on two cores: files run one after another.
    fileParallelism: false,
  },
})
