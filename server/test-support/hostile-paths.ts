import fc from 'fast-check'
import { encodeUrlPart, queryString, text } from './hostile-input'

/** What goes in a path's parameters, and the query string after it. */
export type PathChoice = {
  /** For each parameter: a real row's value (by index), or this value. */
  params: ({ kind: 'known'; index: number } | { kind: 'value'; value: string })[]
  query: string
}

const param = fc.oneof(
  { weight: 3, arbitrary: fc.nat().map((index) => ({ kind: 'known', index }) as const) },
  { weight: 2, arbitrary: fc.uuid().map((value) => ({ kind: 'value', value }) as const) },
  { weight: 2, arbitrary: text.map((value) => ({ kind: 'value', value }) as const) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('', '..', '%00', '\u0000', 'a'.repeat(5000), 'EMP%', "'; drop table users; --")
      .map((value) => ({ kind: 'value', value }) as const),
  },
)

export const pathChoices: fc.Arbitrary<PathChoice> = fc.record({
  params: fc.array(param, { minLength: 2, maxLength: 2 }),
  // Mostly none: a wrong query is refused before the route does anything else.
  query: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryString }),
})

/**
 * `pattern` (`/api/coupons/:code`) with each parameter filled as `choice`
 * says, from `known` real values when it names one, then its query string.
 */
export function requestPath(
  pattern: string,
  choice: PathChoice,
  known: Record<string, string[]>,
): string {
  let at = 0
  const path = pattern.replace(/:([A-Za-z]+)/g, (_whole, name: string) => {
    const picked = choice.params[at % choice.params.length]
    at += 1
    const real = known[name] ?? []
    if (picked?.kind === 'known' && real.length > 0) {
      return encodeUrlPart(real[picked.index % real.length] ?? '')
    }
    return encodeUrlPart(picked?.kind === 'value' ? picked.value : crypto.randomUUID())
  })
  return choice.query ? `${path}?${choice.query}` : path
}
