import { toast } from 'sonner'
import { messageFor } from '@/domain/errors'
import { THEMES, type Theme, useTheme } from './theme'

const LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' }

export function ThemeSwitch() {
  const { theme, setTheme } = useTheme()
  return (
    <label className="flex items-center gap-2 text-sm text-ink-700 dark:text-ink-200">
      <span className="sr-only sm:not-sr-only">Theme</span>
      <select
        value={theme}
        onChange={(event) =>
          void setTheme(event.target.value as Theme).catch((error: unknown) =>
            toast.error(messageFor(error, 'THEME_NOT_SAVED')),
          )
        }
        className="min-h-10 rounded-md border border-ink-200 bg-white px-2 py-1 text-sm dark:border-ink-600 dark:bg-ink-900"
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  )
}
