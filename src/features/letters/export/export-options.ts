import type { Repository } from '@/data/repository'
import {
  letterheadSettingKey,
  type PageSize,
  pageSizeSchema,
  SETTING_KEYS,
  savedLetterheadSchema,
} from '@/domain/settings'
import { type LetterheadArt, letterheadArt } from './letterhead-art'

/** How the signed-in person's PDF and Word files are laid out, from their settings and plan. */
export type ExportOptions = { pageSize: PageSize; letterhead: LetterheadArt | null }

async function pageSizeOf(repository: Repository): Promise<PageSize> {
  const saved = pageSizeSchema.safeParse(await repository.settings.get(SETTING_KEYS.pdfPageSize))
  return saved.success ? saved.data : 'letter'
}

/**
 * The saved letterhead, for a customer whose Annual 8 Letters purchase stands
 * (not refunded, not expired); null for everyone else, even with one saved, so
 * a lapsed plan's letters go out plain. A letterhead that no longer reads as
 * valid is left out rather than printed wrong.
 */
async function letterheadOf(repository: Repository): Promise<LetterheadArt | null> {
  const user = await repository.auth.currentUser()
  if (user?.role !== 'user') return null
  const entitlements = await repository.subscriptions.entitlements()
  if (!entitlements.customBrandingUntil) return null
  const saved = savedLetterheadSchema.safeParse(
    await repository.settings.get(letterheadSettingKey(user.id)),
  )
  return saved.success ? letterheadArt(saved.data) : null
}

export async function readExportOptions(repository: Repository): Promise<ExportOptions> {
  const [pageSize, letterhead] = await Promise.all([
    pageSizeOf(repository),
    letterheadOf(repository),
  ])
  return { pageSize, letterhead }
}
