import { Readable } from 'node:stream'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  ADMIN_PATHS,
  ADMIN_ROW_SCHEMAS,
  ADMIN_TABLES,
  type AdminTable,
  adminCsvPath,
  adminCsvQuerySchema,
  adminPageQuerySchema,
  adminPageSchema,
  adminStatsSchema,
  adminTablePath,
} from '@/domain/admin-api'
import { errorBodySchema } from '@/domain/api'
import { requireAdmin, type SessionDeps } from '../auth/require-session'
import { loggable } from '../http/errors'
import { tableCsv } from './csv'
import { readStats } from './stats'
import { readPage } from './tables'

export type AdminDeps = SessionDeps

const refusals = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
}

/**
 * `GET /api/admin/stats`, and for each table a keyset page and the whole
 * filtered table as CSV (DESIGN.md §6, decision 024).
 */
export function registerAdminRoutes(parent: FastifyInstance, deps: AdminDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>()

  app.get(
    ADMIN_PATHS.stats,
    { schema: { tags: ['admin'], response: { 200: adminStatsSchema, ...refusals } } },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      return readStats(deps.db)
    },
  )

  for (const table of ADMIN_TABLES) {
    registerPage(app, deps, table)
    registerCsv(app, deps, table)
  }
}

function registerPage(parent: FastifyInstance, deps: AdminDeps, table: AdminTable) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get(
    adminTablePath(table),
    {
      schema: {
        tags: ['admin'],
        querystring: adminPageQuerySchema,
        response: { 200: adminPageSchema(ADMIN_ROW_SCHEMAS[table]), ...refusals },
      },
    },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      return readPage(deps.db, table, request.query)
    },
  )
}

function registerCsv(parent: FastifyInstance, deps: AdminDeps, table: AdminTable) {
  const app = parent.withTypeProvider<ZodTypeProvider>()
  app.get(
    adminCsvPath(table),
    { schema: { tags: ['admin'], querystring: adminCsvQuerySchema, response: refusals } },
    async (request, reply) => {
      await requireAdmin(deps, request, reply)
      const records = tableCsv(deps.db, table, request.query)
      // The header and the first rows are read before answering, so a bad filter or a database
      // that does not answer is an error answer rather than a download cut short.
      const first = await records.next()
      const day = deps.clock().toISOString().slice(0, 10)
      // A stream is sent as it is: the response schemas describe only the refusals.
      const raw: FastifyReply = reply
      return raw
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="letterhead-${table}-${day}.csv"`)
        .send(Readable.from(continued(first.done ? '' : first.value, records, request.log)))
    },
  )
}

/** The CSV after its first chunk; a failure later can only cut the download, and is logged. */
async function* continued(
  first: string,
  rest: AsyncGenerator<string>,
  log: FastifyBaseLogger,
): AsyncGenerator<string> {
  yield first
  try {
    yield* rest
  } catch (error) {
    log.error({ err: loggable(error) }, 'the CSV export failed')
    throw new Error('The CSV export failed')
  }
}
