export const EXPORT_FORMATS = ['txt', 'pdf', 'docx'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const MIME_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain;charset=utf-8',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/**
 * `legal-letter-{id}.{ext}`. Ids are UUIDs; anything else that could upset a file
 * system or a share sheet is replaced, so a hand-edited backup cannot produce a
 * path like `../x`.
 */
export function fileNameFor(letterId: string, ext: ExportFormat): string {
  const safeId = letterId.replace(/[^A-Za-z0-9_-]/g, '-')
  return `legal-letter-${safeId}.${ext}`
}
