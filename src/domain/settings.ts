import { z } from '@/lib/zod'

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
