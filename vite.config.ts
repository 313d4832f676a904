import { fileURLToPath, URL } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { hashAdminSecret } from './build/admin-secret.ts'
import { contentSecurityPolicyPlugin } from './build/content-security-policy.ts'
import { entryAfterFirstFramePlugin } from './build/entry-after-first-frame.ts'
import { precompressPlugin } from './build/precompress.ts'
import { prerenderPlugin } from './build/prerender.ts'
import { previewMissingFilesPlugin } from './build/preview-missing-files.ts'
import { PWA_OPTIONS } from './build/pwa.ts'

export default defineConfig(({ isPreview }) => {
  // Serving a finished build needs no secret; hashing it there would only repeat the build's warning.
  const adminSecretHash = isPreview
    ? null
    : hashAdminSecret(process.env, (message) => console.warn(`\n⚠ ${message}\n`))
  return {
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      prerenderPlugin(),
      entryAfterFirstFramePlugin(),
      VitePWA(PWA_OPTIONS),
      contentSecurityPolicyPlugin(),
      previewMissingFilesPlugin(),
      // Last: it compresses what every plugin before it wrote, the service worker included.
      precompressPlugin(),
    ],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    define: {
      __ADMIN_SECRET_HASH__: JSON.stringify(adminSecretHash),
      // Each build differs, so an installed app always sees a new build as an update.
      __APP_VERSION__: JSON.stringify(
        `${process.env.npm_package_version ?? '0.0.0'} (built ${new Date().toISOString()})`,
      ),
    },
    // dist/.vite/manifest.json maps sources to chunks for the bundle budget (scripts/check-bundle-budget.mjs).
    build: { manifest: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  }
})
