import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { Db } from '../db/database'
import { type Background, createBackground } from './background'
import { failureOf, type Mailer } from './mail'
import { mailboxDir } from './mailbox'
import { registerMailboxRoute } from './mailbox-routes'
import { mailerFor } from './mailer'
import { sendDuePurchaseMail } from './purchase-mail'

/** How often mails that failed are looked at again (each waits its own time, from a minute, doubling). */
export const RETRY_SWEEP_MS = 60_000

export type MailOptions = {
  config: Config
  db: Db
  clock: () => Date
  /** The transport; the one the configuration names (mailerFor) when not given. */
  mailer?: Mailer
  /** Where work after an answer runs; a new one when not given. Tests wait for it. */
  background?: Background
}

export type MailHandle = {
  mailer: Mailer
  background: Background
  /** Sends the mails purchases owe, after the answer; called once a purchase has committed. */
  sendPurchaseMail: () => void
}

/**
 * E-mail for the app (decision 034): the transport, the development mailbox's
 * page, and the purchase mails: sent after each purchase commits, looked at
 * again every minute for those that failed, and once at start-up for any a
 * stop left unsent. Closing the app waits for mail being sent.
 */
export function registerMail(app: FastifyInstance, options: MailOptions): MailHandle {
  const { config, db, clock } = options
  const mailer = options.mailer ?? mailerFor(config)
  const background = options.background ?? createBackground()
  const log = app.log
  const sendPurchaseMail = () =>
    background.run(async () => {
      try {
        await sendDuePurchaseMail({ db, clock, mailer, log })
      } catch (error) {
        log.error({ failure: failureOf(error) }, 'purchase mail could not be read')
      }
    })
  const sweep = setInterval(sendPurchaseMail, RETRY_SWEEP_MS)
  sweep.unref()
  app.addHook('onReady', (done) => {
    sendPurchaseMail()
    done()
  })
  app.addHook('onClose', async () => {
    clearInterval(sweep)
    await background.idle()
    mailer.close()
  })
  registerMailboxRoute(app, mailer.kind === 'mailbox' ? mailboxDir(config.dataDir) : null)
  return { mailer, background, sendPurchaseMail }
}
