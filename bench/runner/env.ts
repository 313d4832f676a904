import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { installProbe } from './probe'

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>

export type BenchEnv = {
  browser: Browser
  baseUrl: string
  outDir: string
  manifest: Manifest
}

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Manifest
}

/** The built file for a source module, as the page requests it. */
export function chunkUrl(env: BenchEnv, source: string): string {
  const chunk = env.manifest[source]
  if (!chunk) throw new Error(`${source} is not in the build manifest`)
  return `${env.baseUrl}/${chunk.file}`
}

/**
 * A fresh profile (so a fresh IndexedDB) with the probe in every page. The
 * service worker is blocked unless asked for: once it controls the origin,
 * it would answer the harness page's address with the app.
 */
export async function newContext(
  env: BenchEnv,
  { serviceWorker = false } = {},
): Promise<BrowserContext> {
  const context = await env.browser.newContext({
    baseURL: env.baseUrl,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  })
  context.setDefaultTimeout(120_000)
  await context.addInitScript(installProbe)
  return context
}

export async function openHarness(page: Page): Promise<void> {
  await page.goto('/bench/index.html')
  await page.waitForSelector('body[data-ready]')
}
