import type { Page } from 'playwright-core'
import { median } from '../shared/stats'
import { type BenchEnv, chunkUrl } from './env'
import { letterText } from './letter-text'

/** Body paragraphs that fill one page and five pages of US Letter (11 pt; 33 to 41 make five). */
const ONE_PAGE = 3
const FIVE_PAGES = 37

export type FormatTimes = {
  /** Fetching and running the format's chunk, the cache emptied first. */
  chunk: number
  /** The first file, which for PDF also fetches the embedded font. */
  first: number
  onePage: number
  fivePages: number
}

export type ExportResult = { pdf: FormatTimes; docx: FormatTimes; loads: number; repeats: number }

type Writer = (content: string) => Promise<Blob>
type Sample = Record<'pdf' | 'docx', FormatTimes & { pages: [number, number] }>

/** In the page: load both writers' chunks as the Download menu does, then time files. */
function sampleInPage(args: {
  pdfUrl: string
  docxUrl: string
  one: string
  five: string
  repeats: number
}): Promise<Sample> {
  const time = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
    const started = performance.now()
    const value = await work()
    return [performance.now() - started, value]
  }
  const middle = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1] ?? NaN
  // The page tree's /Count: how many pages the PDF has.
  const pdfPages = async (blob: Blob) => Number(/\/Count (\d+)/.exec(await blob.text())?.[1] ?? 0)
  const measure = async (url: string, pick: (module: unknown) => Writer, countPages: boolean) => {
    const [chunk, module] = await time(() => window.letterheadImport(url))
    const write = pick(module)
    const [first] = await time(() => write(args.one))
    const one: number[] = []
    const five: number[] = []
    let pages: [number, number] = [0, 0]
    for (let i = 0; i < args.repeats; i++) {
      const [a, oneBlob] = await time(() => write(args.one))
      const [b, fiveBlob] = await time(() => write(args.five))
      one.push(a)
      five.push(b)
      if (countPages) pages = [await pdfPages(oneBlob), await pdfPages(fiveBlob)]
    }
    return { chunk, first, onePage: middle(one), fivePages: middle(five), pages }
  }
  type Pdf = { letterToPdf: (content: string) => Promise<Blob> }
  type Docx = { letterToDocx: (content: string) => Promise<Blob> }
  return (async () => ({
    pdf: await measure(args.pdfUrl, (m) => (content) => (m as Pdf).letterToPdf(content), true),
    docx: await measure(args.docxUrl, (m) => (content) => (m as Docx).letterToDocx(content), false),
  }))()
}

/**
 * PDF and DOCX on the My Letters screen (where the Download menu is), with
 * the production chunks: `loads` fresh page loads, each timing the chunk,
 * the first file and `repeats` files of each length.
 */
export async function measureExports(
  env: BenchEnv,
  page: Page,
  path: string,
  loads: number,
  repeats: number,
): Promise<ExportResult> {
  const samples: Sample[] = []
  const cdp = await page.context().newCDPSession(page)
  for (let load = 0; load < loads; load++) {
    await cdp.send('Network.clearBrowserCache')
    await page.goto(path)
    await page.waitForFunction(() => window.letterheadProbe.marks.rows !== undefined)
    // Passed as text: the runner is itself loaded through Vite, which would rewrite a real import().
    await page.evaluate('window.letterheadImport = (url) => import(url)')
    const sample = await page.evaluate(sampleInPage, {
      pdfUrl: chunkUrl(env, 'src/features/letters/export/pdf.ts'),
      docxUrl: chunkUrl(env, 'src/features/letters/export/docx.ts'),
      one: letterText(ONE_PAGE),
      five: letterText(FIVE_PAGES),
      repeats,
    })
    const [onePages, fivePages] = sample.pdf.pages
    if (onePages !== 1 || fivePages !== 5)
      throw new Error(`Expected PDFs of 1 and 5 pages, got ${onePages} and ${fivePages}`)
    samples.push(sample)
  }
  await cdp.detach()
  const pick = (format: 'pdf' | 'docx'): FormatTimes => ({
    chunk: median(samples.map((sample) => sample[format].chunk)),
    first: median(samples.map((sample) => sample[format].first)),
    onePage: median(samples.map((sample) => sample[format].onePage)),
    fivePages: median(samples.map((sample) => sample[format].fivePages)),
  })
  return { pdf: pick('pdf'), docx: pick('docx'), loads, repeats }
}
