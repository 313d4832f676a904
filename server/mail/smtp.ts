import { createTransport } from 'nodemailer'
import type { Mailer } from './mail'

/** How long the SMTP server may take to accept a connection, greet, and answer each step. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }

/** Sends through the SMTP server `url` names (its account in the user part), from `from`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport({ url, ...SMTP_TIMEOUTS }, { from })
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail(mail)
      return true
    },
    close: () => transport.close(),
  }
}
