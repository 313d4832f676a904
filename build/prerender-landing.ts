import { type Plugin, type ResolvedConfig, runnerImport } from 'vite'
import { PRERENDERED_ATTRIBUTE } from '../src/app/landing/prerendered.ts'

const EMPTY_ROOT = '<div id="root"></div>'

type PrerenderModule = { renderLanding: () => string }

/**
 * Puts the landing page's markup for a visitor in the built index.html
 * (decision 033), so `/` paints from the HTML and its stylesheet alone,
 * before any script; `src/app/landing/start-landing.tsx` hydrates it. The
 * markup comes from the same components, rendered with React's server
 * renderer through Vite's module runner, with this build's `define`s and mode.
 * It runs before the service worker is generated, so the precached
 * index.html is this one.
 */
export function prerenderLandingPlugin(): Plugin {
  let config: ResolvedConfig | undefined
  return {
    name: 'letterhead-prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!config) throw new Error('prerender-landing: the config was not resolved')
        if (!html.includes(EMPTY_ROOT))
          throw new Error(`prerender-landing: index.html has no ${EMPTY_ROOT} to fill`)
        const { module } = await runnerImport<PrerenderModule>('/build/landing-markup.tsx', {
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          resolve: { alias: config.resolve.alias },
          define: config.define,
          oxc: { jsx: { runtime: 'automatic' } },
        })
        const markup = module.renderLanding()
        // The policy allows no inline style (decision 009): React sets `style` props through the
        // CSSOM, which it allows, but as markup the browser would refuse them.
        if (/\sstyle="/.test(markup))
          throw new Error(
            'prerender-landing: the landing page renders a style attribute; use a class',
          )
        return html.replace(EMPTY_ROOT, `<div id="root" ${PRERENDERED_ATTRIBUTE}>${markup}</div>`)
      },
    },
  }
}
