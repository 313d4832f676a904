/** A radio button's own look: the ink accent, brass on dark backgrounds where ink would not show. */
export const RADIO_CLASS = 'size-4 accent-ink-800 dark:accent-brass-400'
