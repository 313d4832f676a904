import { SMTPServer } from 'smtp-server'

/** A mail as the SMTP server received it, its plain-text part decoded. */
export type ReceivedMail = {
  from: string
  to: string[]
  subject: string
  text: string
  html: string | null
}

export type SmtpInbox = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  mails: ReceivedMail[]
  /** Waits until `count` mails have arrived (or fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>
  close(): Promise<void>
}

const headerOf = (head: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im')
    .exec(head)?.[1]
    ?.replace(/\r?\n[ \t]/g, ' ')

function quotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft[i] === '=' ? /^[0-9A-F]{2}$/i.exec(soft.slice(i + 1, i + 3)) : null
    if (hex) {
      bytes.push(parseInt(hex[0], 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function decode(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return quotedPrintable(body)
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    default:
      return body
  }
}

type Part = { head: string; body: string }

function split(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/)
  return at < 0
    ? { head: raw, body: '' }
    : { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') }
}

/** The leaf parts of a MIME message, each with its own headers. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headerOf(part.head, 'Content-Type') ?? '')?.[1]
  if (!boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(split(chunk.replace(/^\r?\n/, ''))))
}

function textOf(parts: Part[], type: string): string | null {
  const part = parts.find((leaf) =>
    (headerOf(leaf.head, 'Content-Type') ?? 'text/plain').startsWith(type),
  )
  if (!part) return null
  return decode(part.body, headerOf(part.head, 'Content-Transfer-Encoding'))
    .replace(/\r\n/g, '\n')
    .trimEnd()
}

function parse(raw: string, to: string[]): ReceivedMail {
  const message = split(raw)
  const parts = leaves(message)
  return {
    from: headerOf(message.head, 'From') ?? '',
    to,
    subject: headerOf(message.head, 'Subject') ?? '',
    text: textOf(parts, 'text/plain') ?? '',
    html: textOf(parts, 'text/html'),
  }
}

/** A real SMTP server on 127.0.0.1:`port` that keeps every mail it is sent, for a test to read. */
export async function startSmtpInbox(port: number): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address)
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to))
        callback()
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (mails.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`${mails.length} of ${count} mails arrived within ${timeoutMs} ms`)
        }
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return mails
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
