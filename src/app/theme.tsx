import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react'
import { useRepository } from '@/data/repository-context'

export const THEMES = ['light', 'dark', 'system'] as const
export type Theme = (typeof THEMES)[number]

/** Mirrors the saved theme for index.html's first-paint script; the settings table is the record. */
const STORAGE_KEY = 'letterhead.theme'

const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme)

function readMirror(): Theme {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isTheme(saved) ? saved : 'system'
  } catch {
    return 'system'
  }
}

function writeMirror(theme: Theme) {
  try {
    localStorage.setItem(STORAGE_KEY, theme)
  } catch {
    // Private modes may refuse localStorage; the settings table still keeps the choice.
  }
}

function applyTheme(theme: Theme) {
  const dark =
    theme === 'dark' || (theme === 'system' && matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
}

/** `setTheme` shows the theme at once and rejects, back on the old one, if it could not be saved. */
type ThemeValue = { theme: Theme; setTheme: (theme: Theme) => Promise<void> }

const ThemeContext = createContext<ThemeValue>({
  theme: 'system',
  setTheme: () => Promise.resolve(),
})

type ThemeProviderProps = {
  children: ReactNode
  /**
   * Whether to read the saved theme from the settings table at once. The
   * landing page leaves it off: it has no theme switch, the mirror has
   * already painted the theme, and reading would load the database code.
   */
  followSettings?: boolean
}

export function ThemeProvider({ children, followSettings = true }: ThemeProviderProps) {
  const repository = useRepository()
  const [theme, setThemeState] = useState<Theme>(readMirror)
  const choices = useRef(0)

  useEffect(() => {
    if (!followSettings) return
    let cancelled = false
    void repository.settings.get('theme').then((saved) => {
      if (!cancelled && isTheme(saved)) setThemeState(saved)
    })
    return () => {
      cancelled = true
    }
  }, [repository, followSettings])

  useEffect(() => {
    applyTheme(theme)
    if (theme !== 'system') return
    const query = matchMedia('(prefers-color-scheme: dark)')
    const follow = () => applyTheme('system')
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [theme])

  function show(next: Theme) {
    setThemeState(next)
    writeMirror(next)
  }

  async function setTheme(next: Theme) {
    const previous = theme
    const choice = ++choices.current
    show(next)
    try {
      await repository.settings.set('theme', next)
    } catch (error) {
      // Not saved, so not kept: the next start would read the old theme anyway. A later choice
      // has replaced this one already, and stays.
      if (choice === choices.current) show(previous)
      throw error
    }
  }

  return <ThemeContext.Provider value={{ theme, setTheme }}>{children}</ThemeContext.Provider>
}

export const useTheme = () => useContext(ThemeContext)
