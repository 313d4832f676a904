import { Menu, X } from 'lucide-react'
import {
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import type { NavLink } from './content'
import { NavLinks } from './nav-links'

type MobileMenuProps = { links: readonly NavLink[]; actions: ReactNode; active: string | null }

/**
 * The small-screen navigation: a disclosure under the sticky bar. Escape closes
 * it and hands focus back to the button; choosing a link, tapping outside or
 * tabbing out of it closes it.
 */
export function MobileMenu({ links, actions, active }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    function onPointerDown(event: PointerEvent) {
      const target = event.target
      if (!(target instanceof Node)) return
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return
      setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  // Left open, the panel would cover whatever the keyboard reaches next under the sticky bar.
  function onPanelBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget
    if (!(next instanceof Node)) return
    if (panelRef.current?.contains(next) || buttonRef.current?.contains(next)) return
    setOpen(false)
  }

  function onPanelClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false)
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-ink-200 px-3 text-sm font-medium text-ink-800 transition-colors hover:bg-ink-100 md:hidden dark:border-ink-700 dark:text-ink-50 dark:hover:bg-ink-800"
      >
        {open ? <X aria-hidden className="size-4" /> : <Menu aria-hidden className="size-4" />}
        Menu
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        onClick={onPanelClick}
        onBlur={onPanelBlur}
        className="absolute inset-x-0 top-full border-b border-ink-900/10 bg-paper px-5 pt-4 pb-6 shadow-xl md:hidden dark:border-white/10 dark:bg-ink-950"
      >
        <nav aria-label="Main">
          <NavLinks links={links} active={active} layout="column" />
        </nav>
        <div className="mt-5 border-t border-ink-900/10 pt-5 dark:border-white/10">{actions}</div>
      </div>
    </>
  )
}
