import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  accountExportFileName,
  accountExportSchema,
  deleteAccountSchema,
} from '@/domain/account-data'
import { API_PATHS, errorBodySchema } from '@/domain/api'
import { z } from '@/lib/zod'
import { audit } from '../auth/accounts'
import { requireSession } from '../auth/require-session'
import { clearSessionCookie } from '../auth/session-cookie'
import type { Db } from '../db/database'
import { type SyncSignal, tellToPull } from '../sync/signal'
import { deleteAccount } from './deletion'
import { exportAccount } from './export'

export type AccountDeps = {
  db: Db
  clock: () => Date
  /** Requests one address may send a minute: the auth routes' limit. */
  rateLimit: number
  signal: SyncSignal
}

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
}

/** `GET /api/account/export` and `DELETE /api/account` (decision 035). */
export function registerAccountRoutes(parent: FastifyInstance, deps: AccountDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  const { db, clock } = deps
  const limited = { config: { rateLimit: { max: deps.rateLimit, timeWindow: 60_000 } } }

  app.get(
    API_PATHS.accountExport,
    {
      ...limited,
      schema: { tags: ['account'], response: { 200: accountExportSchema, ...refusals } },
    },
    async (request, reply) => {
      const { session, user } = await requireSession(deps, request, reply)
      const now = clock()
      const data = await exportAccount(db, user, session.id, now)
      await audit(db, user.id, 'export-data', request.ip, now)
      void reply
        .header('content-disposition', `attachment; filename="${accountExportFileName(now)}"`)
        .header('cache-control', 'no-store')
      return data
    },
  )

  app.delete(
    API_PATHS.account,
    {
      ...limited,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['account'],
        body: deleteAccountSchema.strict(),
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const { user } = await requireSession(deps, request, reply)
      await deleteAccount(db, user.id, request.body.password, { now: clock() })
      clearSessionCookie(request, reply)
      await reply.status(204).send(null)
      // The account's other devices pull now, are refused, and sign out. Told once the answer has
      // gone, so this device has forgotten the account before its own event stream asks.
      await tellToPull(deps.signal, [user.id], request.log)
      return reply
    },
  )
}
