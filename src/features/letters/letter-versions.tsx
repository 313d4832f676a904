import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { useLive } from '@/data/use-live'
import { messageFor } from '@/domain/errors'
import type { LetterVersion } from '@/domain/types'
import { formatDateTime } from '@/lib/format-date'
import { Button } from '@/ui/button'
import { letterExcerpt } from './letter-excerpt'

const REASONS: Record<LetterVersion['reason'], string> = {
  edited: 'Before your edit',
  regenerated: 'Before regenerating',
  restored: 'Before a restore',
}

export function LetterVersions({ letterId }: { letterId: string }) {
  const repository = useRepository()
  const live = useLive((repo) => repo.letters.listVersions(letterId), `versions:${letterId}`)
  if (live.status !== 'ready' || live.data.length === 0) return null

  async function restore(version: LetterVersion) {
    try {
      await repository.letters.restoreVersion(letterId, version.id)
      toast.success('Earlier version restored.')
    } catch (error) {
      toast.error(messageFor(error, 'NOT_FOUND'))
    }
  }

  return (
    <section aria-labelledby="versions-heading" className="flex flex-col gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        Previous versions
      </h2>
      <ul className="flex flex-col gap-2">
        {live.data.map((version) => (
          <li
            key={version.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-ink-100 bg-white p-3 dark:border-ink-800 dark:bg-ink-900"
          >
            <div className="min-w-0">
              <p className="font-serif font-semibold">{version.answers.matter}</p>
              <p className="text-sm text-ink-600 dark:text-ink-300">
                {REASONS[version.reason]} ·{' '}
                <time dateTime={version.createdAt}>{formatDateTime(version.createdAt)}</time>
              </p>
              <p className="line-clamp-2 whitespace-pre-line font-serif text-sm text-ink-600 dark:text-ink-300">
                {letterExcerpt(version.content)}
              </p>
            </div>
            <Button variant="secondary" onClick={() => void restore(version)}>
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
