import { PassThrough } from 'node:stream'
import type { AiEvent } from '@/domain/ai-api'

/** Often enough that proxies keep a stream open while a request waits in line or for the model. */
export const AI_PING_MS = 15_000

/**
 * The body of `POST /api/ai/generate`: server-sent events as
 * src/domain/ai-api.ts describes them, with a `: ping` comment when nothing
 * else was sent for a while. Writing after the browser left does nothing.
 */
export class AiEventStream {
  readonly body = new PassThrough()
  private ping: NodeJS.Timeout

  constructor(pingMs = AI_PING_MS) {
    this.ping = setInterval(() => this.write(': ping\n\n'), pingMs)
    this.ping.unref()
  }

  send(event: AiEvent) {
    this.ping.refresh()
    this.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`)
  }

  end() {
    clearInterval(this.ping)
    if (!this.body.writableEnded) this.body.end()
  }

  private write(text: string) {
    if (this.body.writable) this.body.write(text)
  }
}
