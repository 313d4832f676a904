import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import type { Letter } from '@/domain/types'
import {
  buildExport,
  charactersLostIn,
  type ExportFormat,
  lostCharactersMessage,
  shareLetter,
} from './export/deliver'
import { readExportOptions } from './export/export-options'
import { fileNameFor } from './export/file-name'
import { saveFile } from '@/lib/save-file'

/** The file is out; if it shows some of the letter's characters as blanks, say which. */
async function warnOfLostCharacters(content: string, format: ExportFormat) {
  // Finding them needs the font, which the export has just read: a failure here only loses the warning.
  const lost = await charactersLostIn(format, content).catch(() => [])
  if (lost.length > 0) toast.warning(lostCharactersMessage(lost), { duration: 10_000 })
}

/**
 * Downloads and shares a letter, in the page size the user chose in Settings,
 * with their letterhead when their plan includes custom branding.
 */
export function useLetterExport() {
  const repository = useRepository()

  async function download(letter: Letter, format: ExportFormat) {
    try {
      const blob = await buildExport(letter.content, format, await readExportOptions(repository))
      saveFile(blob, fileNameFor(letter.id, format))
      toast.success('Letter downloaded successfully!')
    } catch {
      toast.error('The file could not be made. Please try again.')
      return
    }
    await warnOfLostCharacters(letter.content, format)
  }

  /** Resolves true when the system share sheet took the letter; false means offer e-mail instead. */
  async function share(letter: Letter): Promise<boolean> {
    try {
      const outcome = await shareLetter(letter, await readExportOptions(repository))
      if (outcome === 'shared') await warnOfLostCharacters(letter.content, 'pdf')
      return outcome !== 'unsupported'
    } catch {
      toast.error('The letter could not be shared. Try downloading it instead.')
      return true
    }
  }

  return { download, share }
}
