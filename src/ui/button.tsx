import type { ButtonHTMLAttributes } from 'react'
import { cn } from './cn'

type Variant = 'primary' | 'secondary' | 'ghost' | 'link' | 'danger'

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-ink-800 text-paper hover:bg-ink-700 disabled:bg-ink-400 dark:bg-brass-400 dark:text-ink-950 dark:hover:bg-brass-300',
  secondary:
    'border border-ink-200 bg-white text-ink-800 hover:bg-ink-50 disabled:opacity-50 disabled:hover:bg-white dark:border-ink-600 dark:bg-ink-900 dark:text-ink-50 dark:hover:bg-ink-800 dark:disabled:hover:bg-ink-900',
  ghost:
    'text-ink-700 hover:bg-ink-100 disabled:opacity-50 disabled:hover:bg-transparent dark:text-ink-100 dark:hover:bg-ink-800',
  link: 'text-ink-700 underline-offset-4 hover:underline dark:text-brass-300',
  /** What cannot be undone, such as deleting an account. */
  danger:
    'bg-red-700 text-white hover:bg-red-800 disabled:bg-red-400 dark:bg-red-300 dark:text-ink-950 dark:hover:bg-red-200 dark:disabled:bg-red-800',
}

export const buttonClass = (variant: Variant = 'primary', extra?: string) =>
  cn(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    extra,
  )

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}
