import { type ClientRequest, get, type IncomingMessage } from 'node:http'

/**
 * A server-sent event stream read over real HTTP (`inject` cannot stream):
 * the events it has sent so far, by name, and a wait for the next one.
 */
export class EventStream {
  readonly events: string[] = []
  comments = 0
  ended = false
  private taken = 0
  private wake: (() => void) | undefined

  private constructor(
    readonly response: IncomingMessage,
    private readonly request: ClientRequest,
  ) {}

  /**
   * Opens the stream on a connection of its own (node:http rather than fetch,
   * whose pool opens a spare connection that would hold up the server's close);
   * the answer's status and headers are there to check once it resolves.
   */
  static open(url: string, cookie: string): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const request = get(url, { headers: { cookie }, agent: false }, (response) => {
        const stream = new EventStream(response, request)
        stream.read()
        resolve(stream)
      })
      request.once('error', reject)
    })
  }

  private read() {
    let buffer = ''
    this.response.setEncoding('utf8')
    this.response.on('data', (chunk: string) => {
      buffer += chunk
      let end = buffer.indexOf('\n\n')
      while (end >= 0) {
        this.take(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
        end = buffer.indexOf('\n\n')
      }
    })
    // Ended by the server, or by close(): either way the stream has ended.
    this.response.once('close', () => this.finish())
    this.response.once('error', () => this.finish())
  }

  private take(block: string) {
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments += 1
      if (line.startsWith('event: ')) this.events.push(line.slice('event: '.length))
    }
    this.wake?.()
  }

  private finish() {
    this.ended = true
    this.wake?.()
  }

  /** Events that arrived and were not taken by `next` yet. */
  get waiting(): number {
    return this.events.length - this.taken
  }

  /** The next event not yet taken, waiting up to `timeoutMs` for it. */
  async next(timeoutMs = 5000): Promise<string> {
    const deadline = Date.now() + timeoutMs
    while (this.waiting === 0) {
      if (this.ended) throw new Error('The event stream ended')
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`No event within ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
    return this.events[this.taken++] ?? ''
  }

  /** Waits until the server ends the stream. */
  async closed(timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (!this.ended) {
      if (Date.now() > deadline) throw new Error(`The stream was still open after ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** The device goes away. */
  close() {
    this.request.destroy()
  }
}
