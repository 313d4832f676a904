/** One server-sent event: its name (`message` when it has none) and its data line. */
export type SentEvent = { event: string; data: string }

/** Now, in milliseconds since the epoch to a fraction of one: the mock's writes are stamped so. */
export const preciseNow = () => performance.timeOrigin + performance.now()

/**
 * Reads a `text/event-stream` body to its end, handing each event over as
 * soon as its block is complete, with when the read that completed it came in.
 */
export async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SentEvent, at: number) => void,
): Promise<void> {
  const decoder = new TextDecoder()
  let buffer = ''
  const reader = body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return
    const at = preciseNow()
    buffer += decoder.decode(value, { stream: true })
    let end = buffer.indexOf('\n\n')
    while (end >= 0) {
      const lines = buffer.slice(0, end).split('\n')
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length)
      if (data === undefined) continue
      const name = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length)
      onEvent({ event: name ?? 'message', data }, at)
    }
  }
}

/** The text a chat completion chunk carries (`choices[0].delta.content`), if any. */
export function deltaText(data: string): string {
  if (data === '[DONE]') return ''
  const chunk = JSON.parse(data) as { choices?: Array<{ delta?: { content?: string } }> }
  return chunk.choices?.[0]?.delta?.content ?? ''
}

/** The text a Letterhead `text` event carries. */
export const eventText = (data: string) => (JSON.parse(data) as { text: string }).text
