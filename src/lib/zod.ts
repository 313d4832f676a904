import { config } from 'zod'

/**
 * zod, configured once for the whole app. Every schema is built from this
 * module, so the configuration is in place before any schema exists.
 *
 * `jitless`: zod would otherwise compile object parsers with `new Function`,
 * and probe for it as each object schema is built; the Content-Security-Policy
 * forbids eval, and even the probe is reported as a violation.
 */
config({ jitless: true })

export { z } from 'zod'
