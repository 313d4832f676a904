import { useEffect, useRef } from 'react'

/**
 * The letter as a model writes it, kept scrolled to the newest words. It is
 * not announced word by word: the status line above says what is happening.
 */
export function StreamingText({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (element) element.scrollTop = element.scrollHeight
  }, [text])
  return (
    <section aria-label="Letter so far" className="mt-5">
      <h3 className="mb-2 text-sm font-medium text-ink-700 dark:text-ink-200">Letter so far</h3>
      <div
        ref={box}
        tabIndex={0}
        className="max-h-56 overflow-y-auto rounded-md border border-ink-200 bg-paper p-3 font-serif text-sm leading-relaxed break-words whitespace-pre-wrap text-ink-900 dark:border-ink-700 dark:bg-ink-950 dark:text-ink-100"
      >
        {text}
      </div>
    </section>
  )
}
