import type { Plugin } from 'vite'

/** The entry script Vite writes into the built index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/
const THEME_INIT = '<script src="/theme-init.js"></script>'

/**
 * The built index.html fetches the app's entry at once, as a module preload, and runs it once the
 * browser has shown a frame (decision 033): `public/theme-init.js`, which runs before the first
 * paint anyway, imports it then. A module script runs as soon as it and the stylesheet are in,
 * before the first paint when they come fast, and would hold up the prerendered landing page for
 * work that can wait a frame.
 */
export function entryAfterFirstFramePlugin(): Plugin {
  return {
    name: 'letterhead-entry-after-first-frame',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html)?.[1]
        if (!entry || !html.includes(THEME_INIT))
          throw new Error(
            'entry-after-first-frame: index.html lacks the entry script or theme-init.js',
          )
        return html
          .replace(ENTRY_SCRIPT, `<link rel="modulepreload" crossorigin href="${entry}">`)
          .replace(THEME_INIT, `<script src="/theme-init.js" data-entry="${entry}"></script>`)
      },
    },
  }
}
