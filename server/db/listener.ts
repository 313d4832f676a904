import pg from 'pg'

export type ListenHandlers = {
  onNotify: (payload: string) => void
  /** The connection was lost and made again: anything notified in between was missed. */
  onResume?: () => void
}

export type Listening = { close(): Promise<void> }

const FIRST_RETRY_MS = 1000
const LAST_RETRY_MS = 30_000

/** Half to all of `ms`, so many servers that lost one database do not all return at once. */
const withJitter = (ms: number) => ms / 2 + Math.random() * (ms / 2)

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be
 * handed to other queries). When that connection drops it is made again, one
 * second after the loss and doubling to thirty, until `close`.
 */
export async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Listening> {
  let closed = false
  let current: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let delay = FIRST_RETRY_MS

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url })
    let lost = false
    const onLost = () => {
      if (lost) return
      lost = true
      if (client !== current) return
      current = undefined
      client.end().catch(() => undefined)
      reconnectLater()
    }
    client.on('error', onLost)
    client.on('end', onLost)
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '')
    })
    try {
      await client.connect()
      await client.query(`listen ${client.escapeIdentifier(channel)}`)
    } catch (error) {
      lost = true
      await client.end().catch(() => undefined)
      throw error
    }
    if (lost) throw new Error('The listening connection was lost as it was made')
    return client
  }

  function reconnectLater() {
    if (closed) return
    retry = setTimeout(() => {
      retry = undefined
      connect().then(
        (client) => {
          if (closed) {
            void client.end().catch(() => undefined)
            return
          }
          current = client
          delay = FIRST_RETRY_MS
          handlers.onResume?.()
        },
        () => {
          delay = Math.min(delay * 2, LAST_RETRY_MS)
          reconnectLater()
        },
      )
    }, withJitter(delay))
    retry.unref()
  }

  current = await connect()
  return {
    async close() {
      closed = true
      clearTimeout(retry)
      const client = current
      current = undefined
      await client?.end().catch(() => undefined)
    },
  }
}
