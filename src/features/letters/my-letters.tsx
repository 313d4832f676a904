import { useLive } from '@/data/use-live'
import { Button } from '@/ui/button'
import { GenerationOverlay } from './generation-overlay'
import { LetterCard } from './letter-card'
import { useToday } from './reply/use-today'
import { useGenerateLetter } from './use-generate-letter'

export const LETTERS_PER_PAGE = 10

type MyLettersProps = { page: number; onPageChange: (page: number) => void }

/** The signed-in user's letters, newest first, a page at a time; updates live in every tab. */
export function MyLetters({ page, onPageChange }: MyLettersProps) {
  const live = useLive(
    (repository) =>
      repository.letters.pageMine({
        offset: (page - 1) * LETTERS_PER_PAGE,
        limit: LETTERS_PER_PAGE,
      }),
    `my-letters:${page}`,
  )
  const { step, draft, queuePosition, retry, cancel } = useGenerateLetter()
  const today = useToday()

  if (live.status === 'loading')
    return <p className="text-ink-500 dark:text-ink-300">Loading your letters…</p>
  if (live.status === 'error')
    return <p role="alert">Your letters could not be read. Please reload the page.</p>

  const { letters, total } = live.data
  const pages = Math.max(1, Math.ceil(total / LETTERS_PER_PAGE))
  if (total === 0) {
    return (
      <div className="rounded-lg border border-dashed border-ink-200 p-10 text-center dark:border-ink-700">
        <p className="font-serif text-lg">No letters generated yet</p>
        <p className="mt-1 text-sm text-ink-500 dark:text-ink-300">
          Letters you generate appear here, newest first.
        </p>
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      {letters.map((letter) => (
        <LetterCard
          key={letter.id}
          letter={letter}
          today={today}
          onRetry={(failed) => void retry(failed)}
        />
      ))}
      {pages > 1 ? (
        <nav aria-label="Letter pages" className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-ink-600 dark:text-ink-300">
            Page {Math.min(page, pages)} of {pages}
          </span>
          <Button
            variant="secondary"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
      {step > 0 ? (
        <GenerationOverlay
          step={step}
          draft={draft}
          queuePosition={queuePosition}
          onCancel={cancel}
        />
      ) : null}
    </div>
  )
}
