/** The part of autocannon 9's API the server bench uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export type Request = {
    method?: 'GET' | 'POST'
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  export type Options = {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    pipelining?: number
    /** Seconds a request may take before it counts as a timeout. */
    timeout?: number
    /** Each connection sends these in turn, from the first again after the last. */
    requests?: Request[]
  }

  export type Histogram = {
    average: number
    p50: number
    p99: number
    total: number
  }

  export type Result = {
    /** Seconds from start to finish. */
    duration: number
    requests: Histogram
    /** Milliseconds, recorded as whole milliseconds. */
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      stop(): void
      /** Every answer: status code, bytes and how long it took in milliseconds (not rounded). */
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
      ): Instance
    }

  export default function autocannon(options: Options): Instance
}
