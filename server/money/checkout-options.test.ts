import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS } from '@/domain/checkout'
import { buildApp } from '../app'
import type { Config } from '../config'
import { loggerOptions } from '../http/logger'
import { freshDatabase } from '../test-support/test-database'
import { recordSecret, testLogStream } from '../test-support/test-log'
import { get, testConfig } from '../test-support/test-server'

/** `GET /api/checkout/options`: which gateway takes the money, and nothing else of its settings. */

const STRIPE = {
  gateway: 'stripe',
  secretKey: 'sk_test_options_5f2a91c0',
  webhookSecret: 'whsec_options_77d3e1b4',
  apiBase: undefined,
} as const
recordSecret(STRIPE.secretKey)
recordSecret(STRIPE.webhookSecret)

const apps: FastifyInstance[] = []
let drop: () => Promise<void>
let onTest: FastifyInstance
let onStripe: FastifyInstance

beforeAll(async () => {
  const fresh = await freshDatabase()
  drop = fresh.drop
  // Both read the same database; only the gateway they were started with differs.
  const start = async (config: Partial<Config>) => {
    const app = await buildApp({
      config: testConfig(config),
      database: fresh.database,
      logger: loggerOptions('trace', testLogStream()),
    })
    await app.ready()
    apps.push(app)
    return app
  }
  onTest = await start({})
  onStripe = await start({ payments: STRIPE })
})

afterAll(async () => {
  for (const app of apps) await app.close()
  await drop()
})

describe('GET /api/checkout/options', () => {
  it('says the test gateway takes a card when PAYMENT_GATEWAY is test (the default)', async () => {
    const response = await get(onTest, CHECKOUT_PATHS.options)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ gateway: 'test' })
  })

  it("says Stripe takes the card on its own page, naming none of Stripe's secrets", async () => {
    const response = await get(onStripe, CHECKOUT_PATHS.options)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ gateway: 'stripe' })
    expect(response.body).not.toContain(STRIPE.secretKey)
    expect(response.body).not.toContain(STRIPE.webhookSecret)
  })

  it('needs no session, and may be kept briefly', async () => {
    const response = await get(onStripe, CHECKOUT_PATHS.options)
    expect(response.headers['set-cookie']).toBeUndefined()
    expect(response.headers['cache-control']).toBe('public, max-age=60')
  })

  it('is in the OpenAPI document', async () => {
    const document = (await get(onTest, '/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>
    }>()
    expect(document.paths[CHECKOUT_PATHS.options]).toHaveProperty('get')
  })
})
