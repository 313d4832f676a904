import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'

/**
 * The harness page, built into the bench copy of the app (`/bench/`) so it
 * shares the app's origin and so its IndexedDB database.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/bench/',
  logLevel: 'error',
  resolve: {
    alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) },
  },
  define: {
    __ADMIN_SECRET_HASH__: 'null',
    __APP_VERSION__: JSON.stringify('bench'),
  },
  build: {
    outDir: fileURLToPath(new URL('../../.bench-dist/bench', import.meta.url)),
    emptyOutDir: true,
  },
})
