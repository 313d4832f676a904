/**
 * Makes its value on first use rather than at import. For Intl formatters: the first one a page
 * makes costs 25–35 ms while the browser loads its locale data (see formatCount, decision 039).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}
