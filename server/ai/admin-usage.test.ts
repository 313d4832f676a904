import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { AiUsageReport } from '@/domain/ai-api'
import type { Database } from '../db/database'
import { insertLetter, insertUser, signedUpAdmin } from '../test-support/admin'
import { get, setupTestServer, signedUp } from '../test-support/test-server'

/** `GET /api/admin/ai-usage`: what the AI cost, per day and per user, read from `ai_usage`. */

const server = setupTestServer()

type Attempt = {
  at: string
  outcome: string
  tokensIn?: number
  tokensOut?: number
}

async function attempts(database: Database, userId: string, rows: Attempt[]) {
  const letterId = await insertLetter(database, userId)
  for (const row of rows) {
    await database.query(
      `insert into ai_usage (id, user_id, letter_id, model, tokens_in, tokens_out, tokens_estimated,
         ms, queued_ms, outcome, created_at)
       values ($1, $2, $3, 'mock-letter-model', $4, $5, false, 1000, 0, $6, $7)`,
      [randomUUID(), userId, letterId, row.tokensIn ?? 0, row.tokensOut ?? 0, row.outcome, row.at],
    )
  }
}

const zero = {
  attempts: 0,
  letters: 0,
  failures: 0,
  cancelled: 0,
  turnedAway: 0,
  tokensIn: 0,
  tokensOut: 0,
}

describe('GET /api/admin/ai-usage', () => {
  it('totals each UTC day of the range, today included, and names the users who spent the most', async () => {
    const { app, database } = server()
    // The test clock reads 2026-11-25T09:00Z: three days are the 23rd to the 25th.
    const heavy = await insertUser(database, { email: 'heavy@example.com', fullName: 'Heavy User' })
    const light = await insertUser(database, { email: 'light@example.com', fullName: 'Light User' })
    await attempts(database, heavy, [
      { at: '2026-11-22T23:59:59Z', outcome: 'ok', tokensIn: 9000, tokensOut: 9000 },
      { at: '2026-11-23T00:00:00Z', outcome: 'ok', tokensIn: 1000, tokensOut: 800 },
      { at: '2026-11-23T12:00:00Z', outcome: 'timeout', tokensIn: 1000, tokensOut: 100 },
      { at: '2026-11-25T08:00:00Z', outcome: 'upstream_error', tokensIn: 1000 },
      { at: '2026-11-25T08:30:00Z', outcome: 'rate_limited' },
    ])
    await attempts(database, light, [
      { at: '2026-11-25T01:00:00Z', outcome: 'ok', tokensIn: 900, tokensOut: 700 },
      { at: '2026-11-25T02:00:00Z', outcome: 'cancelled', tokensIn: 900, tokensOut: 50 },
      { at: '2026-11-25T03:00:00Z', outcome: 'refused', tokensIn: 900, tokensOut: 90 },
      { at: '2026-11-25T04:00:00Z', outcome: 'budget' },
    ])
    const admin = await signedUpAdmin(app)

    const response = await get(app, '/api/admin/ai-usage?days=3', admin.cookie)

    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const report = response.json<AiUsageReport>()
    expect(report.from).toBe('2026-11-23')
    expect(report.to).toBe('2026-11-25')
    expect(report.days).toEqual([
      {
        day: '2026-11-23',
        ...zero,
        attempts: 2,
        letters: 1,
        failures: 1,
        tokensIn: 2000,
        tokensOut: 900,
      },
      { day: '2026-11-24', ...zero },
      {
        day: '2026-11-25',
        attempts: 6,
        letters: 1,
        failures: 2,
        cancelled: 1,
        turnedAway: 2,
        tokensIn: 3700,
        tokensOut: 840,
      },
    ])
    expect(report.users).toEqual([
      {
        userId: heavy,
        email: 'heavy@example.com',
        fullName: 'Heavy User',
        ...zero,
        attempts: 4,
        letters: 1,
        failures: 2,
        turnedAway: 1,
        tokensIn: 3000,
        tokensOut: 900,
      },
      {
        userId: light,
        email: 'light@example.com',
        fullName: 'Light User',
        attempts: 4,
        letters: 1,
        failures: 1,
        cancelled: 1,
        turnedAway: 1,
        tokensIn: 2700,
        tokensOut: 840,
      },
    ])

    // Thirty days by default; the day before the range is in a longer one.
    const month = (await get(app, '/api/admin/ai-usage', admin.cookie)).json<AiUsageReport>()
    expect(month.days).toHaveLength(30)
    expect(month.from).toBe('2026-10-27')
    expect(month.days.find((day) => day.day === '2026-11-22')?.tokensIn).toBe(9000)
    expect(month.users[0]?.userId).toBe(heavy)
  })

  it('admins only; a range it cannot read is a 400 that says why', async () => {
    const { app } = server()
    const user = await signedUp(app)
    const admin = await signedUpAdmin(app)
    expect((await get(app, '/api/admin/ai-usage')).statusCode).toBe(401)
    expect((await get(app, '/api/admin/ai-usage', user.cookie)).statusCode).toBe(403)
    for (const days of ['0', '367', '1.5', 'week']) {
      const response = await get(app, `/api/admin/ai-usage?days=${days}`, admin.cookie)
      expect(response.statusCode, days).toBe(400)
      expect(response.json().error.code).toBe('INVALID_INPUT')
    }
    const bad = await get(app, '/api/admin/ai-usage?days=0', admin.cookie)
    expect(bad.json().error.message).toBe('days must be a whole number from 1 to 366')
  })
})
