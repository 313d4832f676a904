import type { Db } from '../db/database'
import { resetMail } from '../mail/compose'
import { failureOf, type Mailer, type MailLog } from '../mail/mail'
import { issueResetToken, RESET_TTL_MS, resetLink } from './password-reset'

export type ResetMailDeps = { db: Db; mailer: Mailer; log: MailLog }

export type ResetOrder = { email: string; origin: string; ip: string; now: Date }

/**
 * Issues a reset token for the account `email` names and mails its link;
 * nothing for an e-mail without an account. Run after the answer has gone,
 * so it never fails a request; the log says how it went, never to whom or
 * with what token.
 */
export async function mailResetLink({ db, mailer, log }: ResetMailDeps, order: ResetOrder) {
  try {
    const issued = await issueResetToken(db, order.email, order.now, order.ip)
    if (!issued) return
    const mail = resetMail({
      to: issued.user.email,
      fullName: issued.user.fullName,
      link: resetLink(order.origin, issued.token),
      validMinutes: RESET_TTL_MS / 60_000,
    })
    const seen = { userId: issued.user.id }
    if (await mailer.send(mail)) log.info(seen, 'password-reset mail sent')
    else log.warn(seen, 'password-reset mail not sent: SMTP_URL is not set')
  } catch (error) {
    log.error({ failure: failureOf(error) }, 'password-reset mail not sent')
  }
}
