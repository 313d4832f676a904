import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { fieldClass } from './text-field'
import { characterCount } from './character-count'
import { CharacterCounter } from './character-counter'
import { cn } from './cn'
import { formatCount } from '@/lib/format-count'

type SearchBoxProps = {
  label: string
  /** The search in effect; the box starts from it. */
  value: string
  /** Called once typing pauses for `delayMs`, or at once on Enter. */
  onSearch: (value: string) => void
  delayMs?: number
  placeholder?: string
  /** The longest search the server takes: a longer one stays in the box, is named, and is not sent. */
  limit?: number
}

/** A labelled search field that waits for a pause in typing before searching. */
export function SearchBox({
  label,
  value,
  onSearch,
  delayMs = 300,
  placeholder,
  limit,
}: SearchBoxProps) {
  const id = useId()
  const countId = `${id}-count`
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const over = limit !== undefined && text.length > limit
  const counted = limit !== undefined && characterCount(text.length, limit).band !== 'quiet'
  const describedBy =
    [counted ? countId : null, over ? `${countId}-limit` : null].filter(Boolean).join(' ') ||
    undefined

  function schedule(next: string, delay: number) {
    clearTimeout(timer.current)
    // Past the limit nothing is searched; the search in effect stays until the text fits.
    if (limit !== undefined && next.length > limit) return
    timer.current = setTimeout(() => onSearch(next), delay)
  }

  return (
    <form
      role="search"
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault()
        schedule(text, 0)
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-ink-800 dark:text-ink-100">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-400"
        />
        <input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={over || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value)
            schedule(event.target.value, delayMs)
          }}
          className={cn(fieldClass(over), 'pl-9')}
        />
      </div>
      {limit !== undefined ? (
        <CharacterCounter id={countId} length={text.length} limit={limit} />
      ) : null}
      {over ? (
        <p id={`${countId}-limit`} className="text-sm text-red-700 dark:text-red-300">
          {`A search is at most ${formatCount(limit)} characters; shorten it to search.`}
        </p>
      ) : null}
    </form>
  )
}
