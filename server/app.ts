import cookie from '@fastify/cookie'
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { errorBody } from '@/domain/api'
import { registerAccountRoutes } from './account/routes'
import { registerAdminRoutes } from './admin/routes'
import { registerAiRoutes } from './ai/routes'
import { registerPasswordResetRoutes } from './auth/password-reset-routes'
import { registerAuthRoutes } from './auth/routes'
import type { Config } from './config'
import type { Database } from './db/database'
import { registerHealthRoutes } from './health/routes'
import { type InboxDeps, registerInboxRoutes } from './inbox/routes'
import { clientErrorHandler } from './http/client-errors'
import { badRequestMessage, registerErrorHandling } from './http/errors'
import { registerJsonBodies } from './http/json-body'
import { registerMoneyOversightRoutes } from './money/admin-routes'
import { gatewayFor, type ServerGateway } from './money/gateway'
import { registerMoneyRoutes } from './money/routes'
import { loggerOptions } from './http/logger'
import type { Background } from './mail/background'
import type { Mailer } from './mail/mail'
import { registerMail } from './mail/register-mail'
import { registerHelmet, securityHeaders } from './plugins/helmet'
import { registerOriginCheck } from './plugins/origin-check'
import { registerRateLimit } from './plugins/rate-limit'
import { registerStaticApp } from './plugins/static-app'
import { registerSwagger } from './plugins/swagger'
import { registerSyncRoutes } from './sync/routes'
import { createSyncSignal, type SyncSignal } from './sync/signal'

export type AppOptions = {
  config: Config
  database: Database
  /** Where the server's log goes; pino's default is standard output. */
  logger?: FastifyServerOptions['logger']
  clock?: () => Date
  drawCouponCode?: () => string
  /** What tells a user's event streams to pull; made from the database when not given, closed with the app. */
  syncSignal?: SyncSignal
  /** Who takes the money; the one PAYMENT_GATEWAY names (config.payments) when not given. */
  gateway?: ServerGateway
  /** Per-address limits on contact messages and error reports; INBOX_RATE_LIMITS when not given. */
  inboxRateLimits?: InboxDeps['rateLimits']
  /** How mail is sent; the transport the configuration names when not given (decision 034). */
  mailer?: Mailer
  /** Where mail is sent from after an answer has gone; tests wait for it to be idle. */
  background?: Background
}

/** Builds the Letterhead server without listening, so tests can call it with `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  clock = () => new Date(),
  drawCouponCode,
  syncSignal,
  gateway = gatewayFor(config.payments),
  inboxRateLimits,
  mailer,
  background,
}: AppOptions) {
  const security = await securityHeaders()
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    clientErrorHandler: clientErrorHandler(security),
    // A path Fastify cannot decode is refused before any hook runs; it still gets our error shape
    // and the security headers every answer carries.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply
        .status(400)
        .headers(security)
        .send(errorBody('INVALID_INPUT', badRequestMessage(error.code)))
    },
  })
  registerJsonBodies(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  await registerHelmet(app)
  await registerSwagger(app)
  await registerRateLimit(app, database.db)
  await app.register(cookie)
  registerOriginCheck(app, config.publicOrigin)

  registerHealthRoutes(app, database)
  registerAuthRoutes(app, {
    db: database.db,
    clock,
    adminSecret: config.adminSecret,
    rateLimit: config.authRateLimit,
    drawCouponCode,
  })
  const mail = registerMail(app, { config, db: database.db, clock, mailer, background })
  registerPasswordResetRoutes(app, {
    db: database.db,
    clock,
    mailer: mail.mailer,
    background: mail.background,
    rateLimit: config.authRateLimit,
    publicOrigin: config.publicOrigin,
  })
  const signal = syncSignal ?? (await createSyncSignal(database))
  app.addHook('onClose', () => signal.close())
  registerSyncRoutes(app, { db: database.db, clock, signal })
  registerAccountRoutes(app, {
    db: database.db,
    clock,
    rateLimit: config.authRateLimit,
    signal,
  })
  registerMoneyRoutes(app, {
    db: database.db,
    clock,
    gateway,
    signal,
    publicOrigin: config.publicOrigin,
    afterPurchase: mail.sendPurchaseMail,
  })
  registerMoneyOversightRoutes(app, { db: database.db, clock, gateway, signal })
  registerAdminRoutes(app, { db: database.db, clock })
  registerInboxRoutes(app, { db: database.db, clock, rateLimits: inboxRateLimits })
  registerAiRoutes(app, { db: database.db, clock, settings: config.ai })
  await registerStaticApp(app, config.staticDir)
  return app
}
