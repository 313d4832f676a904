import { cn } from '@/ui/cn'
import { AI_USAGE_RANGES, type AiUsageRange } from './ai-usage-range'

type AiUsageRangeChoiceProps = { value: AiUsageRange; onChange: (next: AiUsageRange) => void }

/**
 * The period as three radios drawn as one segmented control: arrow keys move
 * between them as between any radios, and each says its whole name.
 */
export function AiUsageRangeChoice({ value, onChange }: AiUsageRangeChoiceProps) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-ink-800 dark:text-ink-100">Period</legend>
      <div className="inline-flex w-full gap-1 rounded-lg bg-ink-100 p-1 sm:w-auto sm:self-start dark:bg-ink-900">
        {AI_USAGE_RANGES.map((days) => {
          const chosen = days === value
          return (
            <label
              key={days}
              className={cn(
                'relative flex min-h-10 flex-1 cursor-pointer items-center justify-center rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink-800 sm:flex-none dark:has-[:focus-visible]:outline-brass-400',
                chosen
                  ? 'bg-ink-800 text-paper shadow-sm dark:bg-brass-400 dark:text-ink-950'
                  : 'text-ink-600 hover:bg-white/70 hover:text-ink-900 dark:text-ink-300 dark:hover:bg-ink-800 dark:hover:text-white',
              )}
            >
              <input
                type="radio"
                name="ai-usage-period"
                value={days}
                checked={chosen}
                onChange={() => onChange(days)}
                className="sr-only"
              />
              {/* A phone has room for three short names; the whole name is still read out. */}
              <span>
                <span className="max-sm:sr-only">Last</span> {days} days
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
