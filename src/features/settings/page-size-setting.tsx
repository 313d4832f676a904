import { useState } from 'react'
import { toast } from 'sonner'
import { useRepository } from '@/data/repository-context'
import { useLive } from '@/data/use-live'
import { messageFor } from '@/domain/errors'
import { type PageSize, pageSizeSchema, SETTING_KEYS } from '@/domain/settings'
import { RADIO_CLASS } from '@/ui/radio'

const OPTIONS: Array<{ value: PageSize; label: string }> = [
  { value: 'letter', label: 'US Letter (8.5 × 11 in)' },
  { value: 'a4', label: 'A4 (210 × 297 mm)' },
]

export function PageSizeSetting() {
  const repository = useRepository()
  const live = useLive((repo) => repo.settings.get(SETTING_KEYS.pdfPageSize), 'setting:pdfPageSize')
  const parsed = pageSizeSchema.safeParse(live.data)
  // Shows the choice at once; the stored value catches up a moment later.
  const [picked, setPicked] = useState<PageSize | null>(null)
  const current: PageSize = picked ?? (parsed.success ? parsed.data : 'letter')

  async function choose(value: PageSize) {
    setPicked(value)
    try {
      await repository.settings.set(SETTING_KEYS.pdfPageSize, value)
      toast.success('PDF page size saved')
    } catch (error) {
      // Back to the size that is stored, so the page never shows a choice PDFs will not use.
      setPicked(null)
      toast.error(messageFor(error, 'PAGE_SIZE_NOT_SAVED'))
    }
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">PDF page size</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className="flex items-center gap-3 text-sm">
          <input
            type="radio"
            name="pdf-page-size"
            value={option.value}
            checked={current === option.value}
            onChange={() => void choose(option.value)}
            className={RADIO_CLASS}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  )
}
