import { type KeyboardEvent, useRef } from 'react'
import { cn } from './cn'

export type TabItem<K extends string> = { key: K; label: string }

type TabListProps<K extends string> = {
  label: string
  items: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  idPrefix: string
}

/** WAI-ARIA tabs: arrow keys move between tabs, the selected one is the only tab stop. */
export function TabList<K extends string>({
  label,
  items,
  selected,
  onSelect,
  idPrefix,
}: TabListProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])

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
    <div
      role="tablist"
      aria-label={label}
      className="flex gap-1 rounded-lg bg-ink-100 p-1 dark:bg-ink-900"
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
              'min-h-10 flex-1 rounded-md px-3 py-2 text-sm font-medium transition-colors',
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
  )
}

export function tabPanelProps(idPrefix: string, key: string) {
  return {
    role: 'tabpanel',
    id: `${idPrefix}-panel-${key}`,
    'aria-labelledby': `${idPrefix}-tab-${key}`,
  } as const
}
