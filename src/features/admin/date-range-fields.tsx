import { TextField } from '@/ui/text-field'

/** Two days (`2026-11-25`), either or both absent. */
export type DayRange = { from?: string | undefined; to?: string | undefined }

type DateRangeFieldsProps = { value: DayRange; onChange: (next: DayRange) => void }

/** From and To date inputs; each keeps the other's side, so the range never turns inside out. */
export function DateRangeFields({ value, onChange }: DateRangeFieldsProps) {
  const ends = [
    { key: 'from', label: 'From', bounds: { max: value.to } },
    { key: 'to', label: 'To', bounds: { min: value.from } },
  ] as const
  return (
    <div className="grid grid-cols-2 gap-3 sm:flex">
      {ends.map(({ key, label, bounds }) => (
        <TextField
          key={key}
          label={label}
          type="date"
          value={value[key] ?? ''}
          {...bounds}
          onChange={(event) => onChange({ ...value, [key]: event.target.value || undefined })}
        />
      ))}
    </div>
  )
}
