import { z } from 'zod'

/** Keys of the settings table; each value is checked with its schema when read. */
export const SETTING_KEYS = {
  theme: 'theme',
  pdfPageSize: 'pdfPageSize',
  letterEngine: 'letterEngine',
} as const

export const pageSizeSchema = z.enum(['letter', 'a4'])
export type PageSize = z.infer<typeof pageSizeSchema>

/** The letter engine: the built-in composer, or an OpenAI-compatible chat completions endpoint. */
export const letterEngineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('built-in') }),
  z.object({
    kind: z.literal('openai-compatible'),
    baseUrl: z
      .url({ message: 'Enter the endpoint as a full URL, such as https://api.example.com/v1' })
      .refine(
        (url) => /^https?:\/\//.test(url),
        'The Base URL must start with http:// or https://',
      ),
    model: z
      .string()
      .trim()
      .min(1, 'Model is required')
      .max(200, 'Model must be at most 200 characters'),
    apiKey: z.string().trim().max(500, 'API Key must be at most 500 characters'),
  }),
])
export type LetterEngineSettings = z.infer<typeof letterEngineSchema>

export const BUILT_IN_ENGINE: LetterEngineSettings = { kind: 'built-in' }

/** The seed's request policy, applied where Letterhead talks to a network: 3 retries for reads, 1 for writes. */
export const RETRY_POLICY = {
  queryRetries: 3,
  mutationRetries: 1,
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  staleTimeMs: 5 * 60_000,
  cacheTimeMs: 10 * 60_000,
} as const

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export const retryDelayMs = (attempt: number) =>
  Math.min(RETRY_POLICY.firstDelayMs * 2 ** attempt, RETRY_POLICY.maxDelayMs)
