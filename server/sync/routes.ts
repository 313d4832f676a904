import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { errorBodySchema, SYNC_SCHEMA_VERSION } from '@/domain/api'
import { AppError } from '@/domain/errors'
import {
  MIN_SYNC_SCHEMA_VERSION,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SYNC_PATHS,
} from '@/domain/sync'
import type { Db } from '../db/database'
import { requireSession } from '../auth/require-session'
import { registerSyncEvents } from './events'
import { pull } from './pull'
import { push } from './push'
import { type SyncSignal, tellToPull } from './signal'

export type SyncDeps = { db: Db; clock: () => Date; signal: SyncSignal }

/** A push may carry a thousand letters, each up to 60,000 characters, with their versions. */
export const PUSH_BODY_LIMIT = 16 * 1024 * 1024

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
}

/** A device too old for this server is told to update; one newer than it is a mistake. */
function checkSchemaVersion(schemaVersion: number | undefined) {
  if (schemaVersion === undefined) return
  if (schemaVersion < MIN_SYNC_SCHEMA_VERSION) throw new AppError('CLIENT_TOO_OLD')
  if (schemaVersion > SYNC_SCHEMA_VERSION) {
    throw new AppError(
      'INVALID_INPUT',
      `This server syncs schema versions ${MIN_SYNC_SCHEMA_VERSION} to ${SYNC_SCHEMA_VERSION}; ${schemaVersion} is newer than it knows.`,
    )
  }
}

/** `POST /api/sync/push`, `POST /api/sync/pull` and `GET /api/sync/events` (DESIGN.md §7). */
export function registerSyncRoutes(parent: FastifyInstance, deps: SyncDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const { db, clock, signal } = deps

  app.post(
    SYNC_PATHS.push,
    {
      bodyLimit: PUSH_BODY_LIMIT,
      schema: {
        tags: ['sync'],
        body: pushRequestSchema,
        response: { 200: pushResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const { clientId, schemaVersion, mutations } = request.body
      checkSchemaVersion(schemaVersion)
      const { changed, ...answer } = await push(db, {
        userId: user.id,
        clientId,
        now: clock(),
        mutations,
      })
      // The push is done and stored: the user's other devices pull it.
      if (changed) await tellToPull(signal, [user.id], request.log)
      return answer
    },
  )

  app.post(
    SYNC_PATHS.pull,
    {
      schema: {
        tags: ['sync'],
        body: pullRequestSchema,
        response: { 200: pullResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      const { clientId, cursor, limit, schemaVersion } = request.body
      checkSchemaVersion(schemaVersion)
      // A device that sends no schema version predates the field: the first schema.
      const version = schemaVersion ?? MIN_SYNC_SCHEMA_VERSION
      return pull(db, { userId: user.id, clientId, cursor, limit, schemaVersion: version })
    },
  )

  registerSyncEvents(parent, deps)
}
