import { type KeyboardEvent, useEffect, useRef } from 'react'
import { cn } from './cn'
import { EdgeFades } from './edge-fades'
import { useScrollEdges } from './scroll-edges'

export type TabItem<K extends string> = { key: K; label: string }

type TabListProps<K extends string> = {
  label: string
  items: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  idPrefix: string
}

/**
 * WAI-ARIA tabs: arrow keys move between tabs, the selected one is the only tab stop.
 * Tabs that do not fit scroll sideways behind edge fades, and the selected
 * one is always brought into view (a phone shows only the first few).
 */
export function TabList<K extends string>({
  label,
  items,
  selected,
  onSelect,
  idPrefix,
}: TabListProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const { ref, edges } = useScrollEdges<HTMLDivElement>()
  /** The tab last brought into view; null before the first. */
  const revealed = useRef<number | null>(null)
  const selectedIndex = items.findIndex((item) => item.key === selected)

  useEffect(() => {
    const tab = refs.current[selectedIndex]
    const list = tab?.parentElement
    if (!tab || !list) return
    const arriving = revealed.current === null || revealed.current === selectedIndex
    revealed.current = selectedIndex
    if (arriving) {
      // On arrival only the tab list scrolls: scrollIntoView could also move the page.
      list.scrollLeft = revealedScrollLeft(list, tab)
      return
    }
    // jsdom, for one, has no scrollIntoView.
    if (typeof tab.scrollIntoView === 'function') {
      tab.scrollIntoView({ block: 'nearest', inline: 'nearest' })
    }
  }, [selectedIndex])

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (step === 0) return
    event.preventDefault()
    const next = (index + step + items.length) % items.length
    const item = items[next]
    if (!item) return
    onSelect(item.key)
    refs.current[next]?.focus()
  }

  return (
    <div className="relative rounded-lg bg-ink-100 dark:bg-ink-900">
      <div
        ref={ref}
        role="tablist"
        aria-label={label}
        // Relative, so each tab's offsetLeft is measured from the list's own start.
        className="scrollbar-hidden relative flex gap-0.5 overflow-x-auto rounded-lg p-1 sm:gap-1"
      >
        {items.map((item, index) => {
          const active = item.key === selected
          return (
            <button
              key={item.key}
              ref={(node) => {
                refs.current[index] = node
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                // Never squeezed below its label: past that the list scrolls instead.
                'min-h-10 flex-1 shrink-0 rounded-md px-2 py-2 text-sm sm:px-3 font-medium whitespace-nowrap transition-colors',
                active
                  ? 'bg-ink-800 text-paper shadow-sm dark:bg-brass-400 dark:text-ink-950'
                  : 'text-ink-600 hover:bg-white/70 hover:text-ink-900 dark:text-ink-300 dark:hover:bg-ink-800 dark:hover:text-white',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <EdgeFades edges={edges} className="rounded-lg" />
    </div>
  )
}

type Box = { offsetLeft: number; offsetWidth: number }

/** The list's scroll position that shows the whole tab, moving as little as possible. */
export function revealedScrollLeft(
  list: { scrollLeft: number; clientWidth: number },
  tab: Box,
): number {
  const end = tab.offsetLeft + tab.offsetWidth
  if (tab.offsetLeft < list.scrollLeft) return tab.offsetLeft
  if (end > list.scrollLeft + list.clientWidth) return end - list.clientWidth
  return list.scrollLeft
}

export function tabPanelProps(idPrefix: string, key: string) {
  return {
    role: 'tabpanel',
    id: `${idPrefix}-panel-${key}`,
    'aria-labelledby': `${idPrefix}-tab-${key}`,
  } as const
}
