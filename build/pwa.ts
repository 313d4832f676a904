import type { VitePWAOptions } from 'vite-plugin-pwa'

export const MANIFEST = {
  name: 'Letterhead',
  short_name: 'Letterhead',
  description: 'Write formal legal letters on your device, even offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#1f2a44',
  background_color: '#faf7f0',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
} satisfies VitePWAOptions['manifest']

/**
 * The service worker precaches every file of the build (the app shell, each
 * route's chunk, jsPDF, docx, the PDF font and the web fonts), so the whole
 * app works offline after one visit; every app route falls back to index.html.
 */
export const PWA_OPTIONS: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  strategies: 'generateSW',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: MANIFEST,
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,ttf,woff2,webmanifest}'],
    // jsPDF's chunk is larger than Workbox's 2 MiB default; it must still be cached for offline export.
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
    navigateFallback: '/index.html',
    // The server's API is never the app shell, even when opened as a page (decision 019).
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
  },
}
