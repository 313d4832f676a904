import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { buttonClass } from './button'

export type MenuItem = { key: string; label: string; onSelect: () => void }

type MenuButtonProps = {
  label: ReactNode
  /** The button's accessible name when `label` is not plain text. */
  name?: string
  items: readonly MenuItem[]
  disabled?: boolean
  /** Called when someone points at or focuses the button: a chance to fetch what the items need. */
  onIntent?: () => void
}

/** A menu button (WAI-ARIA pattern): arrows move, Enter chooses, Escape closes and returns focus. */
export function MenuButton({ label, name, items, disabled, onIntent }: MenuButtonProps) {
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([])
  const container = useRef<HTMLDivElement>(null)
  const menu = useRef<HTMLDivElement>(null)
  // The menu hangs from the button's right edge, unless that would push it off the left of the screen.
  const [alignLeft, setAlignLeft] = useState(false)

  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      if (button.current && menu.current)
        setAlignLeft(button.current.getBoundingClientRect().right < menu.current.offsetWidth)
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open])

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus()
  }, [open, active])

  useEffect(() => {
    if (!open) return
    const closeOnOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', closeOnOutside)
    return () => document.removeEventListener('pointerdown', closeOnOutside)
  }, [open])

  function close() {
    setOpen(false)
    button.current?.focus()
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 }
    if (event.key in moves) {
      event.preventDefault()
      setActive((index) => (index + (moves[event.key] ?? 0) + items.length) % items.length)
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault()
      setActive(event.key === 'Home' ? 0 : items.length - 1)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      close()
    } else if (event.key === 'Tab') {
      setOpen(false)
    }
  }

  function openMenu(first: number) {
    setActive(first)
    setOpen(true)
  }

  return (
    <div ref={container} className="relative inline-block">
      <button
        ref={button}
        type="button"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => (open ? setOpen(false) : openMenu(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            openMenu(event.key === 'ArrowDown' ? 0 : items.length - 1)
          }
        }}
        className={buttonClass('secondary')}
      >
        {label}
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          onKeyDown={onMenuKeyDown}
          className={`absolute ${alignLeft ? 'left-0' : 'right-0'} z-30 mt-1 min-w-48 rounded-md border border-ink-100 bg-white p-1 shadow-lg dark:border-ink-700 dark:bg-ink-900`}
        >
          {items.map((item, index) => (
            <button
              key={item.key}
              ref={(node) => {
                itemRefs.current[index] = node
              }}
              type="button"
              role="menuitem"
              tabIndex={index === active ? 0 : -1}
              onClick={() => {
                close()
                item.onSelect()
              }}
              className="block w-full rounded px-3 py-2 text-left text-sm hover:bg-ink-50 focus:bg-ink-50 dark:hover:bg-ink-800 dark:focus:bg-ink-800"
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  )
}
