import { Toaster as Sonner } from 'sonner'
import { useKeyboardInset } from '@/ui/keyboard-inset'
import { PHONE_QUERY, useMediaQuery } from '@/ui/use-media-query'
import { useTheme } from './theme'

/** Room kept between a toast and the screen's edge on a phone. */
const PHONE_GAP = 16

/**
 * Where toasts appear, following the chosen theme. On a desktop they sit
 * top-right, below the header, so they never cover its buttons (Settings,
 * Sign Out, the landing menu). On a phone the top holds the header and the
 * checkout's step indicator, so they sit at the bottom instead, lifted above
 * the on-screen keyboard while it is open.
 */
export function Toaster() {
  const { theme } = useTheme()
  const phone = useMediaQuery(PHONE_QUERY)
  const keyboard = useKeyboardInset()
  if (phone) {
    const offset = { bottom: PHONE_GAP + keyboard, left: PHONE_GAP, right: PHONE_GAP }
    return (
      <Sonner
        position="bottom-center"
        // Sonner switches to its own mobile layout below 600 px, with mobileOffset.
        offset={offset}
        mobileOffset={offset}
        theme={theme}
        richColors
        closeButton
      />
    )
  }
  return (
    <Sonner
      position="top-right"
      offset={{ top: 72, right: 24 }}
      theme={theme}
      richColors
      closeButton
    />
  )
}
