/**
 * Reads the `data` of each server-sent event from a byte stream. Network
 * chunks end anywhere (mid-line, mid-character, between `\r` and `\n`), so text
 * is held until a line is whole, and an event is handed out only at the blank
 * line that ends it, as the EventSource standard says. Comments (`: ping`) and
 * fields other than `data` are skipped.
 *
 * The app has its own reader for the device's engines (src/features); the
 * server may import only src/domain, and this one is small.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  const reader = body.getReader()
  let pending = ''
  let data: string[] | undefined
  const take = (line: string): string | undefined => {
    if (line === '') {
      const event = data?.join('\n')
      data = undefined
      return event
    }
    if (line.startsWith(':')) return undefined
    const colon = line.indexOf(':')
    if ((colon === -1 ? line : line.slice(0, colon)) !== 'data') return undefined
    const value = colon === -1 ? '' : line.slice(colon + 1)
    ;(data ??= []).push(value.startsWith(' ') ? value.slice(1) : value)
    return undefined
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      let text = pending + (done ? decoder.decode() : decoder.decode(value, { stream: true }))
      // A trailing `\r` may be half of `\r\n`: wait for the next chunk to know.
      const heldCr = !done && text.endsWith('\r')
      if (heldCr) text = text.slice(0, -1)
      const lines = text.split(/\r\n|\r|\n/)
      pending = done ? '' : (lines.pop() ?? '') + (heldCr ? '\r' : '')
      // At the end, a last event without its blank line still counts.
      if (done) lines.push('')
      for (const line of lines) {
        const event = take(line)
        if (event !== undefined) yield event
      }
      if (done) return
    }
  } finally {
    // Stops the download when the caller leaves early ([DONE], an error, an abort).
    await reader.cancel().catch(() => undefined)
    reader.releaseLock()
  }
}
