import { defineConfig } from 'vitest/config'

export default defineConfig({
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
