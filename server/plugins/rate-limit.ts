import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { errorBody } from '@/domain/api'
import type { Db } from '../db/database'
import { databaseRateLimitStore } from './rate-limit-store'

/**
 * Limits are per route (auth routes set theirs) and per address; counts live
 * in the database, so every instance sharing it counts the same requests
 * (decision 036).
 */
export async function registerRateLimit(app: FastifyInstance, db: Db) {
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      ...errorBody(
        'RATE_LIMITED',
        `Too many requests from this address. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
    }),
  })
}
