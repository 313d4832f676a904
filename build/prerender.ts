import { type Plugin, type ResolvedConfig, runnerImport } from 'vite'
import { AUTH_FRAME_ATTRIBUTE, AUTH_FRAMES, authFrameId } from '../src/app/auth-frame.ts'
import { DASHBOARD_FRAME_ATTRIBUTE, DASHBOARD_FRAME_ID } from '../src/app/dashboard-frame-names.ts'
import { PRERENDERED_ATTRIBUTE } from '../src/app/landing/prerendered.ts'
import { frameElement } from './frame-markup.ts'

const EMPTY_ROOT = '<div id="root"></div>'

type LandingModule = { renderLanding: () => string }
type AuthFrameModule = { renderAuthFrame: (tab: (typeof AUTH_FRAMES)[number]) => string }
type DashboardFrameModule = { renderDashboardFrame: () => string }

/**
 * Puts the first paint of two pages in the built index.html, so they paint
 * from the HTML and its stylesheet alone, before any script:
 * - the landing page's markup for a visitor in #root (decision 033), which
 *   `src/app/landing/start-landing.tsx` hydrates;
 * - before #root, a frame of the auth page for each of its tabs (decision
 *   039), hidden unless `public/theme-init.js` names it, and dropped by the
 *   app once it draws the page;
 * - before #root, a frame of the user dashboard (decision 040), hidden unless
 *   theme-init fills it in from what the device remembers of the dashboard.
 * The markup comes from the same components, rendered with React's server
 * renderer through Vite's module runner, with this build's `define`s and mode.
 * It runs before the service worker is generated, so the precached
 * index.html is this one.
 */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig | undefined
  return {
    name: 'letterhead-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!config) throw new Error('prerender: the config was not resolved')
        if (!html.includes(EMPTY_ROOT))
          throw new Error(`prerender: index.html has no ${EMPTY_ROOT} to fill`)
        const landing = noInlineStyle(
          'the landing page',
          (await renderAtBuild<LandingModule>(config, '/build/landing-markup.tsx')).renderLanding(),
        )
        const { renderAuthFrame } = await renderAtBuild<AuthFrameModule>(
          config,
          '/build/auth-frame-markup.tsx',
        )
        const frames = AUTH_FRAMES.map((tab) =>
          frameElement(
            authFrameId(tab),
            AUTH_FRAME_ATTRIBUTE,
            noInlineStyle(`the auth page (${tab})`, renderAuthFrame(tab)),
          ),
        ).join('')
        const { renderDashboardFrame } = await renderAtBuild<DashboardFrameModule>(
          config,
          '/build/dashboard-frame-markup.tsx',
        )
        const dashboard = frameElement(
          DASHBOARD_FRAME_ID,
          DASHBOARD_FRAME_ATTRIBUTE,
          noInlineStyle('the dashboard', renderDashboardFrame()),
        )
        return html.replace(
          EMPTY_ROOT,
          `${frames}${dashboard}<div id="root" ${PRERENDERED_ATTRIBUTE}>${landing}</div>`,
        )
      },
    },
  }
}

async function renderAtBuild<T>(config: ResolvedConfig, path: string): Promise<T> {
  const { module } = await runnerImport<T>(path, {
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'error',
    resolve: { alias: config.resolve.alias },
    define: config.define,
    oxc: { jsx: { runtime: 'automatic' } },
  })
  return module
}

/**
 * The policy allows no inline style (decision 009): React sets `style` props through the CSSOM,
 * which it allows, but as markup the browser would refuse them.
 */
function noInlineStyle(what: string, markup: string): string {
  if (/\sstyle="/.test(markup))
    throw new Error(`prerender: ${what} renders a style attribute; use a class`)
  return markup
}
