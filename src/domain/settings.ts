import { z } from '@/lib/zod'

/** Keys of the settings table; each value is checked with its schema when read. */
export const SETTING_KEYS = {
  theme: 'theme',
  pdfPageSize: 'pdfPageSize',
  letterEngine: 'letterEngine',
  /** Prefix of the per-account key: see letterheadSettingKey. */
  letterhead: 'letterhead',
} as const

export const pageSizeSchema = z.enum(['letter', 'a4'])
export type PageSize = z.infer<typeof pageSizeSchema>

/**
 * The letter engine: the built-in composer, the Letterhead server's AI model
 * (server mode, decision 031; the model is the server's to choose), or an
 * OpenAI-compatible chat completions endpoint of the person's own.
 */
export const letterEngineSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('built-in') }),
  z.object({ kind: z.literal('server') }),
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

/**
 * Annual 8 Letters' custom letterhead, kept per account on the device it was
 * made on: a logo is far larger than the 16 KB the server keeps for a synced
 * setting, so this key is not in SYNCED_SETTING_KEYS.
 */
export const letterheadSettingKey = (userId: string) => `${SETTING_KEYS.letterhead}:${userId}`

export const LETTERHEAD_LIMITS = {
  /** The file chosen in Settings, before it is redrawn as a PNG. */
  logoFileBytes: 500 * 1024,
  /** The redrawn logo fits this box; PDF and Word print it smaller still. */
  logoWidth: 600,
  logoHeight: 200,
  /** The PNG kept, as a data URL: what one setting may hold. */
  logoDataUrlChars: 300 * 1024,
  nameBlockChars: 600,
  nameBlockLines: 8,
} as const

/** A dark navy: sober on paper, and legible as a thin rule. */
export const DEFAULT_ACCENT = '#1f2a44'

const PNG_DATA_URL_PREFIX = 'data:image/png;base64,'
/** The eight bytes every PNG file starts with, then the IHDR chunk's length and type, in base64. */
const PNG_SIGNATURE_BASE64 = 'iVBORw0KGgoAAAANSUhEUg'

/** A PNG data URL's pixel size, read from its IHDR chunk; null for anything that is not one. */
export function pngDataUrlSize(dataUrl: string): { width: number; height: number } | null {
  if (!dataUrl.startsWith(PNG_DATA_URL_PREFIX + PNG_SIGNATURE_BASE64)) return null
  const base64 = dataUrl.slice(PNG_DATA_URL_PREFIX.length)
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return null
  // Signature (8 bytes), IHDR length and type (8), then width and height (4 each): 24 bytes, 32 characters.
  const head = atob(base64.slice(0, 32))
  const byte = (i: number) => head.charCodeAt(i)
  const word = (at: number) =>
    ((byte(at) << 24) | (byte(at + 1) << 16) | (byte(at + 2) << 8) | byte(at + 3)) >>> 0
  return { width: word(16), height: word(20) }
}

export const letterheadSchema = z.strictObject({
  logo: z
    .string()
    .max(
      LETTERHEAD_LIMITS.logoDataUrlChars,
      'The logo is too detailed to keep; try a simpler image.',
    )
    .refine((url) => {
      const size = pngDataUrlSize(url)
      return (
        size !== null &&
        size.width >= 1 &&
        size.height >= 1 &&
        size.width <= LETTERHEAD_LIMITS.logoWidth &&
        size.height <= LETTERHEAD_LIMITS.logoHeight
      )
    }, 'The logo must be a PNG image of at most 600 × 200 pixels.')
    .nullable(),
  nameBlock: z
    .string()
    .transform((text) =>
      text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim(),
    )
    .pipe(
      z
        .string()
        .max(
          LETTERHEAD_LIMITS.nameBlockChars,
          `The name block must be at most ${LETTERHEAD_LIMITS.nameBlockChars} characters.`,
        )
        .refine(
          (text) => text.split('\n').length <= LETTERHEAD_LIMITS.nameBlockLines,
          `The name block must be at most ${LETTERHEAD_LIMITS.nameBlockLines} lines.`,
        ),
    ),
  accent: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Choose the accent colour as #rrggbb.')
    .transform((hex) => hex.toLowerCase()),
})
export type Letterhead = z.infer<typeof letterheadSchema>

/** A letterhead with nothing on it would print only a rule: one of the two is needed. */
export const savedLetterheadSchema = letterheadSchema.refine(
  (letterhead) => letterhead.logo !== null || letterhead.nameBlock !== '',
  { message: 'Add a logo or a name block before saving the letterhead.', path: ['nameBlock'] },
)
