import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { API_PATHS } from '@/domain/api'

/** OpenAPI 3 of every route, from the same zod schemas that validate them. */
export async function registerSwagger(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Letterhead server', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'letterhead_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  app.get(API_PATHS.openapi, { schema: { hide: true } }, () => app.swagger())
}
