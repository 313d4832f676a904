import { Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { fieldClass } from './text-field'
import { cn } from './cn'

type SearchBoxProps = {
  label: string
  /** The search in effect; the box starts from it. */
  value: string
  /** Called once typing pauses for `delayMs`, or at once on Enter. */
  onSearch: (value: string) => void
  delayMs?: number
  placeholder?: string
  maxLength?: number
}

/** A labelled search field that waits for a pause in typing before searching. */
export function SearchBox({
  label,
  value,
  onSearch,
  delayMs = 300,
  placeholder,
  maxLength,
}: SearchBoxProps) {
  const id = useId()
  const [text, setText] = useState(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function schedule(next: string, delay: number) {
    clearTimeout(timer.current)
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
          maxLength={maxLength}
          autoComplete="off"
          onChange={(event) => {
            setText(event.target.value)
            schedule(event.target.value, delayMs)
          }}
          className={cn(fieldClass(false), 'pl-9')}
        />
      </div>
    </form>
  )
}
