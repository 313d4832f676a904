import { Toaster as Sonner } from 'sonner'
import { useTheme } from './theme'

/**
 * Toasts sit top-right, below the header, so they never cover its buttons
 * (Settings, Sign Out, the landing menu), and follow the chosen theme.
 */
export function Toaster() {
  const { theme } = useTheme()
  return (
    <Sonner
      position="top-right"
      offset={{ top: 72, right: 24 }}
      mobileOffset={{ top: 64, right: 16, left: 16 }}
      theme={theme}
      richColors
      closeButton
    />
  )
}
