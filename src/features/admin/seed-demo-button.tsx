import { Database } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { isAppError } from '@/domain/errors'
import { Button } from '@/ui/button'
import { formatCount } from '@/lib/format-count'

const DEMO = { users: 10_000, letters: 100_000 } as const

/** Development builds only: fills IndexedDB with demo data, to see the dashboard at scale. */
export function SeedDemoButton() {
  const repository = useRepository()
  const [progress, setProgress] = useState<number | null>(null)

  async function seed() {
    setProgress(0)
    try {
      const result = await repository.admin.seedDemo({
        ...DEMO,
        onProgress: ({ done, total }) => setProgress(total === 0 ? 1 : done / total),
      })
      toast.success(
        `Added ${formatCount(result.users)} users, ${formatCount(result.employees)} employees and ${formatCount(result.letters)} letters.`,
      )
    } catch (error) {
      toast.error(isAppError(error) ? error.message : 'The demo data could not be added.')
    } finally {
      setProgress(null)
    }
  }

  const percent = progress === null ? null : Math.round(progress * 100)
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button variant="secondary" disabled={percent !== null} onClick={() => void seed()}>
        <Database aria-hidden className="size-4" />
        Seed demo data
      </Button>
      {percent === null ? (
        <p className="text-xs text-ink-500 dark:text-ink-300">
          Adds {formatCount(DEMO.users)} users and {formatCount(DEMO.letters)} letters (development
          only)
        </p>
      ) : (
        <div className="flex items-center gap-2">
          <div
            role="progressbar"
            aria-label="Seeding demo data"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-40 overflow-hidden rounded-full bg-ink-100 dark:bg-ink-800"
          >
            <div className="h-full bg-brass-500" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-xs tabular-nums text-ink-600 dark:text-ink-300">{percent}%</span>
        </div>
      )}
    </div>
  )
}
