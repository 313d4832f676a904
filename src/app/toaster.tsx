import { Toaster as Sonner } from 'sonner'
import { useTheme } from './theme'

/** Toasts sit top-right and follow the chosen theme. */
export function Toaster() {
  const { theme } = useTheme()
  return <Sonner position="top-right" theme={theme} richColors closeButton />
}
