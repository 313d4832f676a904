import { cn } from '@/ui/cn'
import type { NavLink } from './content'

type NavLinksProps = {
  links: readonly NavLink[]
  active: string | null
  layout: 'row' | 'column'
}

/** In-page links; plain anchors so the browser updates the hash and scrolls (smoothly, via CSS). */
export function NavLinks({ links, active, layout }: NavLinksProps) {
  return (
    <ul className={cn('flex', layout === 'row' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {links.map((link) => {
        const current = link.id === active
        return (
          <li key={link.id}>
            <a
              href={`#${link.id}`}
              aria-current={current ? 'location' : undefined}
              className={cn(
                'relative flex items-center rounded-md transition-colors',
                layout === 'row'
                  ? 'min-h-10 px-3 text-sm font-medium'
                  : 'min-h-12 px-1 font-display text-2xl',
                current
                  ? 'text-ink-950 dark:text-white'
                  : 'text-ink-600 hover:text-ink-950 dark:text-ink-300 dark:hover:text-white',
              )}
            >
              {link.label}
              {layout === 'row' ? (
                <span
                  aria-hidden
                  className={cn(
                    'absolute inset-x-3 bottom-1 h-px origin-left bg-brass-500 transition-transform duration-300',
                    current ? 'scale-x-100' : 'scale-x-0',
                  )}
                />
              ) : null}
            </a>
          </li>
        )
      })}
    </ul>
  )
}
