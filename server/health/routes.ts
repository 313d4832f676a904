import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  API_PATHS,
  errorBody,
  errorBodySchema,
  healthSchema,
  SYNC_SCHEMA_VERSION,
} from '@/domain/api'
import { type Database, databaseAnswers } from '../db/database'

/** `GET /api/health`: 200 while the database answers, 503 when it does not (DESIGN.md §6). */
export function registerHealthRoutes(parent: FastifyInstance, database: Database) {
  parent
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.health,
      { schema: { tags: ['health'], response: { 200: healthSchema, 503: errorBodySchema } } },
      async (_request, reply) => {
        if (!(await databaseAnswers(database))) {
          return reply.status(503).send(errorBody('DATABASE_UNAVAILABLE'))
        }
        return {
          status: 'ok' as const,
          database: database.kind,
          schemaVersion: SYNC_SCHEMA_VERSION,
        }
      },
    )
}
