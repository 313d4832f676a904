import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import type { Database } from '../db/database'
import { freshDatabase } from '../test-support/test-database'
import { testConfig } from '../test-support/test-server'
import { loggerOptions } from './logger'

const VALUE = 'a-value-the-log-must-not-hold-93b1'

let app: FastifyInstance
let drop: () => Promise<void>
const lines: string[] = []

beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  const database: Database = fresh.database
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
      done()
    },
  })
  app = await buildApp({ config: testConfig(), database, logger: loggerOptions('trace', stream) })
  // A route that fails in the database with a value in its query, as a real one might.
  app.get('/api/failing-query', async () => {
    await database.db.execute(sql`select 1 / 0 where ${VALUE}::text = ${VALUE}::text`)
    return { never: true }
  })
  await app.ready()
})

afterAll(async () => {
  await app.close()
  await drop()
})

describe('a failure the server did not foresee', () => {
  it('is a plain 500 that reveals nothing', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/failing-query' })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: {
        code: 'SERVER_ERROR',
        message: 'Something went wrong on the Letterhead server. Please try again.',
      },
    })
    expect(response.body).not.toContain(VALUE)
    expect(response.body).not.toContain('select')
  })

  it('is logged with its SQL and the database’s code, never the values the query was given', async () => {
    await app.inject({ method: 'GET', url: '/api/failing-query' })
    const failures = lines
      .map(
        (line) =>
          JSON.parse(line) as { msg?: string; reqId?: string; err?: Record<string, unknown> },
      )
      .filter((line) => line.msg === 'request failed')
    expect(failures.length).toBeGreaterThan(0)
    for (const failure of failures) {
      expect(failure.reqId).toEqual(expect.any(String))
      expect(failure.err).toMatchObject({
        message: expect.stringContaining('Failed query: select 1 / 0'),
        code: '22012',
        cause: 'division by zero',
      })
      expect(String(failure.err?.stack)).toContain('    at ')
    }
    expect(lines.join('\n')).not.toContain(VALUE)
  })
})
