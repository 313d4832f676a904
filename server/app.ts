import cookie from '@fastify/cookie'
import Fastify, { type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { registerAuthRoutes } from './auth/routes'
import type { Config } from './config'
import type { Database } from './db/database'
import { registerHealthRoutes } from './health/routes'
import { registerErrorHandling } from './http/errors'
import { loggerOptions } from './http/logger'
import { registerHelmet } from './plugins/helmet'
import { registerOriginCheck } from './plugins/origin-check'
import { registerRateLimit } from './plugins/rate-limit'
import { registerStaticApp } from './plugins/static-app'
import { registerSwagger } from './plugins/swagger'

export type AppOptions = {
  config: Config
  database: Database
  /** Where the server's log goes; pino's default is standard output. */
  logger?: FastifyServerOptions['logger']
  clock?: () => Date
  drawCouponCode?: () => string
}

/** Builds the Letterhead server without listening, so tests can call it with `inject`. */
export async function buildApp({
  config,
  database,
  logger,
  clock = () => new Date(),
  drawCouponCode,
}: AppOptions) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // Nothing a client sends may crash the parser into a 500.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)

  await registerHelmet(app)
  await registerSwagger(app)
  await registerRateLimit(app)
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
  await registerStaticApp(app, config.staticDir)
  return app
}
