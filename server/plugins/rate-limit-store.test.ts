import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import { describe, expect, it } from 'vitest'
import { setupTestServer } from '../test-support/test-server'
import { databaseRateLimitStore } from './rate-limit-store'

/** The rate-limit counts in the database (decision 036): fixed windows, per route and key. */

const server = setupTestServer()

function incr(store: FastifyRateLimitStore, key: string, windowMs: number) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) => {
    store.incr(
      key,
      (error, result) =>
        error || !result ? reject(error ?? new Error('no result')) : resolve(result),
      windowMs,
      10,
    )
  })
}

function routeStore(url: string, pruneEveryMs?: number) {
  const Store = databaseRateLimitStore(server().database.db, pruneEveryMs)
  const root = new Store({})
  return root.child({ routeInfo: { method: 'POST', url } } as never)
}

describe('the rate-limit store in the database', () => {
  it('counts each request in a window and says how long the window has left', async () => {
    const store = routeStore('/count')
    expect(await incr(store, '10.0.0.1', 60_000)).toMatchObject({ current: 1 })
    expect(await incr(store, '10.0.0.1', 60_000)).toMatchObject({ current: 2 })
    const third = await incr(store, '10.0.0.1', 60_000)
    expect(third.current).toBe(3)
    expect(third.ttl).toBeGreaterThan(50_000)
    expect(third.ttl).toBeLessThanOrEqual(60_000)
  })

  it('counts each route and each key on its own', async () => {
    const a = routeStore('/a')
    const b = routeStore('/b')
    await incr(a, '10.0.0.2', 60_000)
    expect(await incr(a, '10.0.0.2', 60_000)).toMatchObject({ current: 2 })
    expect(await incr(b, '10.0.0.2', 60_000)).toMatchObject({ current: 1 })
    expect(await incr(a, '10.0.0.3', 60_000)).toMatchObject({ current: 1 })
  })

  it('starts again at one once the window has passed', async () => {
    const store = routeStore('/window')
    await incr(store, '10.0.0.4', 300)
    expect(await incr(store, '10.0.0.4', 300)).toMatchObject({ current: 2 })
    await sleep(400)
    const fresh = await incr(store, '10.0.0.4', 300)
    expect(fresh.current).toBe(1)
    expect(fresh.ttl).toBeGreaterThan(200)
  })

  it('counts requests at once exactly', async () => {
    const store = routeStore('/burst')
    const results = await Promise.all(
      Array.from({ length: 25 }, () => incr(store, '10.0.0.5', 60_000)),
    )
    expect(results.map((result) => result.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    )
  })

  it('deletes the rows whose window has ended, now and then', async () => {
    const store = routeStore('/prune', 0)
    await incr(store, '10.0.0.6', 200)
    await incr(store, '10.0.0.7', 60_000)
    await sleep(300)
    // Any request tidies: the ended row goes, the live one stays.
    await incr(store, '10.0.0.7', 60_000)
    const keys = async () => {
      const rows = await server().database.query(
        `select key from rate_limits where key like 'POST /prune %'`,
      )
      return (rows as { key: string }[]).map((row) => row.key)
    }
    const deadline = Date.now() + 5000
    while ((await keys()).length > 1 && Date.now() < deadline) await sleep(20)
    expect(await keys()).toEqual(['POST /prune 10.0.0.7'])
  })
})
