import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import type { Letter } from '@/domain/types'
import { buildExport, type ExportFormat, shareLetter } from './export/deliver'
import { fileNameFor } from './export/file-name'
import { saveFile } from '@/lib/save-file'
import { type PageSize, pageSizeSchema, SETTING_KEYS } from '@/domain/settings'

/** Downloads and shares a letter, in the page size the user chose in Settings. */
export function useLetterExport() {
  const repository = useRepository()

  async function pageSize(): Promise<PageSize> {
    const saved = pageSizeSchema.safeParse(await repository.settings.get(SETTING_KEYS.pdfPageSize))
    return saved.success ? saved.data : 'letter'
  }

  async function download(letter: Letter, format: ExportFormat) {
    try {
      const blob = await buildExport(letter.content, format, await pageSize())
      saveFile(blob, fileNameFor(letter.id, format))
      toast.success('Letter downloaded successfully!')
    } catch {
      toast.error('The file could not be made. Please try again.')
    }
  }

  /** Resolves true when the system share sheet took the letter; false means offer e-mail instead. */
  async function share(letter: Letter): Promise<boolean> {
    try {
      return (await shareLetter(letter, await pageSize())) !== 'unsupported'
    } catch {
      toast.error('The letter could not be shared. Try downloading it instead.')
      return true
    }
  }

  return { download, share }
}
