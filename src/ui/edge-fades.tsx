import { cn } from './cn'
import type { ScrollEdges } from './scroll-edges'

const FADE = 'pointer-events-none absolute inset-y-0 z-10 w-6 transition-opacity duration-150'

/**
 * Shadows at the sides of a sideways-scrolling box that say "there is more
 * this way"; each shows only while content is hidden past its edge. The
 * parent must be `relative`; they are decoration, so hidden from screen readers.
 */
export function EdgeFades({ edges, className }: { edges: ScrollEdges; className?: string }) {
  return (
    <>
      <span
        aria-hidden
        data-edge="start"
        data-visible={edges.start}
        className={cn(
          FADE,
          'left-0 bg-linear-to-r from-ink-900/20 to-transparent dark:from-black/60',
          edges.start ? 'opacity-100' : 'opacity-0',
          className,
        )}
      />
      <span
        aria-hidden
        data-edge="end"
        data-visible={edges.end}
        className={cn(
          FADE,
          'right-0 bg-linear-to-l from-ink-900/20 to-transparent dark:from-black/60',
          edges.end ? 'opacity-100' : 'opacity-0',
          className,
        )}
      />
    </>
  )
}
