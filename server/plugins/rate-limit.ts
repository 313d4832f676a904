import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { errorBody } from '@/domain/api'

/**
 * Limits are per route (auth routes set theirs); counts live in this process,
 * so several instances each allow the limit.
 */
export async function registerRateLimit(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      ...errorBody(
        'RATE_LIMITED',
        `Too many requests from this address. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
    }),
  })
}
