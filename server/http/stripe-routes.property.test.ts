import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT_PATHS, IDEMPOTENCY_HEADER } from '@/domain/checkout'
import type { Config } from '../config'
import { setupFakeStripe } from '../test-support/fake-stripe'
import { HostileHarness } from '../test-support/hostile-harness'
import {
  CONTENT_TYPES,
  cookieChoice,
  extraHeaders,
  fieldValue,
  headerText,
  text,
} from '../test-support/hostile-input'
import { cardRouteDrives, type KnownRows, UNDRIVEN } from '../test-support/hostile-routes'
import { appRoutes, routeKey } from '../test-support/route-table'
import { setupTestServer, signedUp } from '../test-support/test-server'

/**
 * The routes the app serves only with the Stripe gateway (decision 026): the
 * checkout that answers Stripe's page, and Stripe's webhook. Every other
 * route is the card gateway's, driven in every-route.property.test.ts.
 */
const config: Partial<Config> = { authRateLimit: 1_000_000 }
const stripe = setupFakeStripe(config)
const server = setupTestServer({ config })

const RUNS = { numRuns: 150 }
const CHECKOUT = `POST ${CHECKOUT_PATHS.checkout}`
const WEBHOOK = `POST ${CHECKOUT_PATHS.stripeWebhook}`
const json = { 'content-type': 'application/json' }

let harness: HostileHarness
/** A Checkout Session a customer opened, as Stripe's event says once it is paid. */
let paidEvent: Record<string, unknown>

beforeAll(async () => {
  const { app } = server()
  harness = await HostileHarness.start(server())
  const opened = await app.inject({
    method: 'POST',
    url: CHECKOUT_PATHS.checkout,
    payload: { plan: 'annual4' },
    headers: { cookie: await harness.cookieOf('user'), [IDEMPOTENCY_HEADER]: randomUUID() },
  })
  expect(opened.statusCode, opened.body).toBe(201)
  const sessionId = opened.json<{ checkoutUrl: string }>().checkoutUrl.split('/').pop() ?? ''
  paidEvent = stripe().pay(sessionId)
})

/** Stripe's signature for `payload`, made now by the server's clock, or a forged one. */
function signatureFor(payload: string, forged: string | null) {
  if (forged !== null) return forged
  const timestamp = Math.floor(server().clock.current.getTime() / 1000)
  return stripe().sign(payload, { timestamp })
}

describe('the Stripe gateway’s routes', () => {
  it('are all driven: here, with the card gateway’s, or set aside with a reason', async () => {
    const known: KnownRows = {
      subscriptionIds: [],
      payoutIds: [],
      couponCodes: [],
      letterIds: [],
      signInEmail: (await signedUp(server().app)).body.email,
    }
    const driven = new Set([...Object.keys(cardRouteDrives(known)), WEBHOOK])
    const served = appRoutes(server().app)
      .map((route) => routeKey(route.method === 'HEAD' ? { ...route, method: 'GET' } : route))
      .filter((key) => !(key in UNDRIVEN))
    expect(served).toContain(WEBHOOK)
    expect(served.filter((key) => !driven.has(key))).toEqual([])
  })

  it('take any JSON, any bytes and any headers from anyone: no 5xx, no row changed by a refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(CHECKOUT_PATHS.checkout, CHECKOUT_PATHS.stripeWebhook),
        fc.oneof(
          fc.jsonValue({ stringUnit: 'binary', maxDepth: 4 }).map((value) => JSON.stringify(value)),
          fc
            .record({ plan: fc.oneof(fc.constant('single'), text), couponCode: fieldValue })
            .map((value) => JSON.stringify(value)),
          text,
        ),
        fc.constantFrom(...CONTENT_TYPES),
        cookieChoice,
        extraHeaders,
        async (url, payload, contentType, cookie, headers) => {
          const request = {
            method: 'POST',
            url,
            payload,
            headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}) },
          }
          const key = url === CHECKOUT_PATHS.checkout ? CHECKOUT : WEBHOOK
          await harness.send(request, cookie, key)
        },
      ),
      RUNS,
    )
  })

  it('the webhook takes Stripe’s own event with any of its fields replaced, signed or not', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(paidEvent),
          fc.constant(stripe().event('charge.refunded', { id: 'ch_1', object: 'charge' })),
        ),
        fc.array(fc.tuple(fc.nat(), fc.option(fieldValue, { nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.option(headerText, { freq: 3 }),
        async (event, replacements, forged) => {
          const body = structuredClone(event)
          for (const [at, value] of replacements) replaceAnyLeaf(body, at, value)
          const payload = JSON.stringify(body)
          const signature = signatureFor(payload, forged)
          await harness.send(
            {
              method: 'POST',
              url: CHECKOUT_PATHS.stripeWebhook,
              payload,
              headers: { ...json, 'stripe-signature': signature },
            },
            { kind: 'raw' },
            WEBHOOK,
          )
        },
      ),
      RUNS,
    )
  })
})

describe('a signed body that is not a Stripe event', () => {
  it.each([
    ['without its id', ({ id: _id, ...rest }: Record<string, unknown>) => rest],
    ['without its data', ({ data: _data, ...rest }: Record<string, unknown>) => rest],
    ['with a number for its id', (event: Record<string, unknown>) => ({ ...event, id: 42 })],
    ['that is not an object', () => [1, 2, 3]],
  ])('%s is refused with 400 and writes nothing', async (_name, alter) => {
    const payload = JSON.stringify(alter(structuredClone(paidEvent)))
    const answer = await harness.send(
      {
        method: 'POST',
        url: CHECKOUT_PATHS.stripeWebhook,
        payload,
        headers: { ...json, 'stripe-signature': signatureFor(payload, null) },
      },
      { kind: 'raw' },
      WEBHOOK,
    )
    expect(answer.statusCode, answer.body).toBe(400)
  })
})

/** Sets the `at`-th value found anywhere in `value`'s objects (depth first) to `replacement`. */
function replaceAnyLeaf(value: Record<string, unknown>, at: number, replacement: unknown) {
  const leaves: [Record<string, unknown>, string][] = []
  const walk = (node: Record<string, unknown>) => {
    for (const [key, field] of Object.entries(node)) {
      leaves.push([node, key])
      if (typeof field === 'object' && field !== null) walk(field as Record<string, unknown>)
    }
  }
  walk(value)
  const leaf = leaves[at % Math.max(leaves.length, 1)]
  if (leaf) leaf[0][leaf[1]] = replacement
}
