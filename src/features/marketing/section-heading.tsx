import { cn } from '@/ui/cn'

type SectionHeadingProps = {
  id: string
  eyebrow: string
  title: string
  tone?: 'default' | 'inverse'
  className?: string
}

/** A section's small-caps label over its serif title; the title's id names the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  tone = 'default',
  className,
}: SectionHeadingProps) {
  return (
    <div className={cn('max-w-2xl', className)}>
      <p
        className={cn(
          'flex items-center gap-3 text-xs font-semibold tracking-[0.22em] uppercase',
          tone === 'inverse' ? 'text-brass-300' : 'text-brass-600 dark:text-brass-400',
        )}
      >
        <span aria-hidden className="h-px w-8 bg-current" />
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-4 font-display text-3xl leading-[1.1] font-medium tracking-tight text-balance sm:text-[2.75rem]',
          tone === 'inverse' ? 'text-paper' : 'text-ink-950 dark:text-white',
        )}
      >
        {title}
      </h2>
    </div>
  )
}
