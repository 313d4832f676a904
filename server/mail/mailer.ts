import type { Config } from '../config'
import type { Mailer } from './mail'
import { mailboxDir, mailboxMailer } from './mailbox'
import { smtpMailer } from './smtp'

export const DEFAULT_MAIL_FROM = 'Letterhead <no-reply@localhost>'

/**
 * The transport the configuration asks for: SMTP_URL's server; without it
 * the development mailbox under DATA_DIR/mail/, except in production, where
 * nothing is sent and each mail is logged as not sent.
 */
export function mailerFor(config: Config): Mailer {
  const from = config.mail?.from ?? DEFAULT_MAIL_FROM
  if (config.mail?.smtpUrl) return smtpMailer(config.mail.smtpUrl, from)
  // A configuration made by hand without a data folder (benches, some tests) has nowhere to keep one.
  if (!config.production && config.dataDir !== '') {
    return mailboxMailer(mailboxDir(config.dataDir), from)
  }
  return { kind: 'none', send: () => Promise.resolve(false), close: () => undefined }
}

/** What start-up says once about mail: production with nowhere to send it. */
export function mailWarning(config: Config): string | null {
  if (!config.production || config.mail?.smtpUrl) return null
  return 'SMTP_URL is not set: Letterhead sends no e-mail, so password-reset links, receipts and commission notices are only logged as not sent. Set SMTP_URL (and MAIL_FROM) for real users.'
}
