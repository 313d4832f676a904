import { z } from '@/lib/zod'

/**
 * Reading a streamed chat completion. The Server-Sent Events reader itself is
 * shared with the Letterhead server's AI (src/lib/sse.ts) and re-exported here
 * for the engines and tests that read completions.
 */
export { createSseParser, readSseData, SSE_DONE, type SseParser } from '@/lib/sse'

const errorBody = z.union([
  z.object({ error: z.union([z.string(), z.object({ message: z.string() })]) }),
  z.object({ message: z.string() }),
  z.object({ detail: z.string() }),
])

const completionChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        // Present instead of `delta` when a server ignores `stream: true` and answers whole.
        message: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
})

/** The reason an error body gives, in any of the shapes OpenAI-compatible servers use. */
export function errorDetail(json: unknown): string | undefined {
  const body = errorBody.safeParse(json)
  if (!body.success) return undefined
  const b = body.data
  if ('error' in b) return typeof b.error === 'string' ? b.error : b.error.message
  return 'message' in b ? b.message : b.detail
}

export type CompletionEvent =
  | { kind: 'text'; text: string; truncated: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'invalid' }

/** Reads one event of a chat completion: its piece of text, or the error a server sent mid-stream. */
export function parseCompletionEvent(data: string): CompletionEvent {
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    return { kind: 'invalid' }
  }
  if (typeof json === 'object' && json !== null && 'error' in json) {
    const message = errorDetail(json)
    if (message !== undefined) return { kind: 'error', message }
  }
  const chunk = completionChunk.safeParse(json)
  if (!chunk.success) return { kind: 'invalid' }
  const choice = chunk.data.choices?.[0]
  return {
    kind: 'text',
    text: choice?.delta?.content ?? choice?.message?.content ?? '',
    truncated: choice?.finish_reason === 'length',
  }
}
