import type { Letter } from '@/domain/types'
import type { ExportOptions } from './export-options'
import { type ExportFormat, fileNameFor } from './file-name'

export type { ExportFormat }

/**
 * Writes the file; jsPDF, docx and the font are fetched only here, the first
 * time they are needed. The text file is the letter exactly as written, with
 * no letterhead: it is what the person typed and edited.
 */
export async function buildExport(
  content: string,
  format: ExportFormat,
  options: ExportOptions,
): Promise<Blob> {
  switch (format) {
    case 'txt':
      return (await import('./txt')).letterToText(content)
    case 'pdf':
      return (await import('./pdf')).letterToPdf(content, options)
    case 'docx':
      return (await import('./docx')).letterToDocx(content, options)
  }
}

/** The characters of a letter the file cannot show: for a PDF, those its font lacks; none otherwise. */
export async function charactersLostIn(format: ExportFormat, content: string): Promise<string[]> {
  if (format !== 'pdf') return []
  return (await import('./pdf-coverage')).charactersPdfCannotShow(content)
}

/** How many characters are named before the rest are counted. */
const LOST_SHOWN = 5

/** Tells the person which characters the PDF shows as blanks, and where they are kept. */
export function lostCharactersMessage(lost: readonly string[]): string {
  // Each isolated, so right-to-left letters keep the order they are listed in.
  const named = lost
    .slice(0, LOST_SHOWN)
    .map((character) => `\u2068${character}\u2069`)
    .join(' ')
  const more = lost.length > LOST_SHOWN ? ` and ${lost.length - LOST_SHOWN} more` : ''
  return `The PDF shows some characters of this letter as blanks (${named}${more}). The Word and Text downloads keep them.`
}

/**
 * Starts fetching jsPDF, docx and the letter font when someone points at or
 * focuses a Download button, so the file they then choose is written without
 * waiting for them. A failure here is left for that export to meet and report.
 */
export function preloadExports(): void {
  const ignore = () => undefined
  import('./pdf').catch(ignore)
  import('./pdf-font').then(({ fetchLetterFont }) => fetchLetterFont()).catch(ignore)
  import('./docx').catch(ignore)
}

/** Mail clients cut long mailto: links; the full letter is in the PDF when sharing works. */
const MAILTO_BODY_MAX = 1_800

export function mailtoLink(letter: Pick<Letter, 'matter' | 'content'>): string {
  const body =
    letter.content.length > MAILTO_BODY_MAX
      ? `${letter.content.slice(0, MAILTO_BODY_MAX)}\n\n[The letter continues; download it as a PDF for the full text.]`
      : letter.content
  return `mailto:?subject=${encodeURIComponent(`Re: ${letter.matter}`)}&body=${encodeURIComponent(body)}`
}

export type ShareOutcome = 'shared' | 'cancelled' | 'unsupported'

/** Shares the PDF through the system share sheet where the browser can; says so when it cannot. */
export async function shareLetter(letter: Letter, options: ExportOptions): Promise<ShareOutcome> {
  if (typeof navigator.canShare !== 'function') return 'unsupported'
  const pdf = await buildExport(letter.content, 'pdf', options)
  const file = new File([pdf], fileNameFor(letter.id, 'pdf'), { type: 'application/pdf' })
  const data = {
    files: [file],
    title: `Re: ${letter.matter}`,
    text: `Letter to ${letter.recipientName}`,
  }
  if (!navigator.canShare(data)) return 'unsupported'
  try {
    await navigator.share(data)
    return 'shared'
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled'
    throw error
  }
}
