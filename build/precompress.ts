import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { promisify } from 'node:util'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/** Text the server sends: worth compressing. Images and WOFF2 fonts are compressed already. */
const TEXT = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|ttf)$/
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024
/**
 * Brotli's top level costs time that grows fast with size: the PDF font and jsPDF's chunk, fetched
 * only for a PDF, took about 1.8 s each for 7-10% less. Those get a fast level, the rest the top one.
 */
const BEST_UP_TO_BYTES = 256 * 1024
const quality = (file: string, bytes: number) =>
  bytes <= BEST_UP_TO_BYTES && !file.endsWith('.ttf') ? constants.BROTLI_MAX_QUALITY : 5

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Writes `<file>.br` and `<file>.gz` beside each text file of the build in `outDir`. */
export async function precompress(outDir: string): Promise<void> {
  const text = (await files(outDir)).filter((file) => TEXT.test(file))
  await Promise.all(
    text.map(async (file) => {
      const body = await readFile(file)
      if (body.length < MIN_BYTES) return
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: quality(file, body.length),
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipped(body, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
    }),
  )
}

/**
 * Compressed copies of the build's text files (decision 033), made once at
 * build time for the Letterhead server to send (`preCompressed` in
 * server/plugins/static-app.ts) instead of compressing every answer. Last,
 * after the service worker and its runtime are written; the service worker
 * precaches the plain files only.
 */
export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'letterhead-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompress(outDir),
    },
  }
}
