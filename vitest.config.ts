import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { hashAdminSecret } from './build/admin-secret.ts'

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __ADMIN_SECRET_HASH__: JSON.stringify(hashAdminSecret({}, () => undefined)),
    __APP_VERSION__: JSON.stringify('test'),
  },
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/unit/**/*.test.{ts,tsx}',
      'tests/component/**/*.test.{ts,tsx}',
      'scripts/**/*.test.{ts,mjs}',
    ],
    environment: 'node',
    setupFiles: ['./tests/setup/unit-setup.ts'],
    testTimeout: 30_000,
  },
})
