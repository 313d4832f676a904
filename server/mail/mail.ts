/**
 * E-mail (decision 034): what a mail is, and what carries it. Mails are
 * plain text, with an HTML part made from the same words.
 */

export type Mail = {
  to: string
  subject: string
  text: string
  html?: string
}

/** How this server sends: SMTP, the development mailbox (files), or nowhere (production without SMTP_URL). */
export type MailerKind = 'smtp' | 'mailbox' | 'none'

export type Mailer = {
  kind: MailerKind
  /** Sends `mail`; false when there is nowhere to send it. Throws when the transport fails. */
  send(mail: Mail): Promise<boolean>
  close(): void
}

/** Where the mail services write what happened: never an address, a token or a mail's text. */
export type MailLog = {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

/** A transport's failure in words fit for a log: its code, never the mail or the SMTP account. */
export function failureOf(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown failure'
  const code = 'code' in error && typeof error.code === 'string' ? error.code : error.name
  const response =
    'responseCode' in error && typeof error.responseCode === 'number'
      ? ` (SMTP ${error.responseCode})`
      : ''
  return `${code}${response}`
}
