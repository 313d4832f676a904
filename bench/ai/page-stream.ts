import type { Page } from 'playwright-core'

/** A stream the bench page opens: the server's event stream, or the mock's completion directly. */
export type PageStreamAsk = {
  url: string
  body: string
  /** `server`: Letterhead's events (`text`, `done`, `error`); `direct`: chat completion chunks. */
  kind: 'server' | 'direct'
  /** Abort as soon as the first character has come, as a person leaving the page does. */
  abortAtFirst: boolean
  timeoutMs: number
}

export type PageStreamAnswer = {
  status: number
  /** From just before `fetch` to the first character of the letter, in the page's clock. */
  firstMs: number
  chars: number
  /** `done`, `error: <code>`, `ended` (the body ended without either) or `aborted`. */
  end: string
  /** `Date.now()` when the page aborted: the machine's clock, as the mock stamps a close. */
  abortedAt?: number
}

/**
 * Runs in the page: opens the stream with `fetch` and reads it with the body's
 * reader, as the app does. The server is called as the app calls it (JSON,
 * same origin, its session cookie); the mock is called as a simple
 * cross-origin request (a text/plain body), so no preflight adds a round trip
 * to the floor.
 */
async function streamInPage(ask: PageStreamAsk): Promise<PageStreamAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), ask.timeoutMs)
  const started = performance.now()
  const response = await fetch(ask.url, {
    method: 'POST',
    body: ask.body,
    headers: ask.kind === 'server' ? { 'content-type': 'application/json' } : {},
    signal: controller.signal,
  })
  let firstMs = Number.NaN
  let chars = 0
  let end = 'ended'
  let abortedAt: number | undefined
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  try {
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let cut = buffer.indexOf('\n\n')
      while (cut >= 0) {
        const lines = buffer.slice(0, cut).split('\n')
        buffer = buffer.slice(cut + 2)
        cut = buffer.indexOf('\n\n')
        const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
        const name = lines.find((line) => line.startsWith('event: '))?.slice(7)
        if (data === '[DONE]') end = 'done'
        if (data === undefined || data === '[DONE]') continue
        const parsed = JSON.parse(data) as {
          text?: string
          code?: string
          choices?: Array<{ delta?: { content?: string } }>
        }
        if (name === 'done') end = 'done'
        if (name === 'error') end = `error: ${parsed.code ?? '?'}`
        const text =
          ask.kind === 'server'
            ? name === 'text'
              ? (parsed.text ?? '')
              : ''
            : (parsed.choices?.[0]?.delta?.content ?? '')
        if (text === '') continue
        if (Number.isNaN(firstMs)) firstMs = performance.now() - started
        chars += text.length
        if (ask.abortAtFirst) {
          abortedAt = Date.now()
          controller.abort()
          return { status: response.status, firstMs, chars, end: 'aborted', abortedAt }
        }
      }
    }
  } finally {
    clearTimeout(timer)
  }
  return { status: response.status, firstMs, chars, end }
}

export const streamFromPage = (page: Page, ask: PageStreamAsk) => page.evaluate(streamInPage, ask)
