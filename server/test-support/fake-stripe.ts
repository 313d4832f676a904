import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../config'
import { recordSecret } from './test-log'

/** One request as the fake received it: the form fields nested as Stripe reads them. */
export type FakeStripeRequest = {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  /** The form-encoded body as sent, to check what never reaches Stripe. */
  body: string
  params: Record<string, unknown>
}

type Json = Record<string, unknown>

export type FakeStripe = {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_BASE. */
  url: string
  secretKey: string
  webhookSecret: string
  requests: FakeStripeRequest[]
  /** Checkout Sessions made, by id, as Stripe would show them now. */
  sessions: Map<string, Json>
  /**
   * Marks the session paid as Stripe's page would, and answers the
   * `checkout.session.completed` event Stripe then sends.
   */
  pay(sessionId: string): Json
  /** An event of any type, as Stripe wraps an object. */
  event(type: string, object: Json): Json
  /** `Stripe-Signature` for these exact bytes: `t=<unix>,v1=<HMAC-SHA256 of "<t>.<payload>">`. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string
  /** While set, every request is answered with Stripe's own 500 (`api_error`), as in an outage. */
  outage: boolean
  close(): Promise<void>
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`

/** `a[b][0][c]=v` as `{a: {b: [{c: 'v'}]}}`, the way Stripe reads its form bodies. */
function nestedParams(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: Record<string, unknown> = root
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value
        return
      }
      const next = path[index + 1] ?? ''
      node[part] ??= /^\d+$/.test(next) ? [] : {}
      node = node[part] as Record<string, unknown>
    })
  }
  return root
}

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
})

/**
 * A local stand-in for the part of Stripe's API the server uses (decision 026):
 * `POST /v1/checkout/sessions` and `POST /v1/refunds`, form-encoded in and JSON
 * out as Stripe answers, with Stripe's idempotency (the same key and body
 * replays the first answer; the same key with another body is an
 * `idempotency_error`), its API-key check, and its webhook signatures.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(16).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`
  const requests: FakeStripeRequest[] = []
  const sessions = new Map<string, Json>()
  // Stripe keeps the first answer to a key as it was sent, and replays exactly that.
  const answered = new Map<string, { body: string; status: number; text: string }>()

  function createSession(params: Record<string, unknown>): Json {
    const [item] = (params.line_items ?? []) as Array<{
      quantity?: string
      price_data?: { unit_amount?: string; currency?: string }
    }>
    const amount = Number(item?.price_data?.unit_amount ?? 0) * Number(item?.quantity ?? 1)
    const session: Json = {
      id: id('cs'),
      object: 'checkout.session',
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: item?.price_data?.currency ?? 'usd',
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      success_url: params.success_url ?? null,
      cancel_url: params.cancel_url ?? null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ui_mode: 'hosted_page',
    }
    session.url = `https://checkout.stripe.com/c/pay/${String(session.id)}`
    sessions.set(String(session.id), session)
    return session
  }

  function answer(request: FakeStripeRequest): { status: number; answer: Json } {
    if (fake.outage) {
      return { status: 500, answer: stripeError('api_error', 'An unknown error occurred') }
    }
    if (request.authorization !== `Bearer ${secretKey}`) {
      return {
        status: 401,
        answer: stripeError('invalid_request_error', 'Invalid API Key provided: sk_test_****'),
      }
    }
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      return { status: 200, answer: createSession(request.params) }
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const { payment_intent: paymentIntent, amount } = request.params
      return {
        status: 200,
        answer: {
          id: id('re'),
          object: 'refund',
          amount: Number(amount),
          currency: 'usd',
          payment_intent: paymentIntent,
          status: 'succeeded',
        },
      }
    }
    return {
      status: 404,
      answer: stripeError('invalid_request_error', `Unrecognized request URL (${request.path})`),
    }
  }

  function handle(incoming: IncomingMessage, response: ServerResponse, body: string) {
    const request: FakeStripeRequest = {
      method: incoming.method ?? '',
      path: (incoming.url ?? '').split('?')[0] ?? '',
      authorization: incoming.headers.authorization,
      idempotencyKey: header(incoming, 'idempotency-key'),
      body,
      params: nestedParams(body),
    }
    requests.push(request)
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': id('req'),
    }
    const key = request.idempotencyKey && `${request.path} ${request.idempotencyKey}`
    const earlier = key ? answered.get(key) : undefined
    let result: { status: number; text: string }
    if (earlier && earlier.body !== body) {
      result = {
        status: 400,
        text: JSON.stringify(
          stripeError(
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          ),
        ),
      }
    } else if (earlier) {
      headers['idempotent-replayed'] = 'true'
      result = earlier
    } else {
      const first = answer(request)
      result = { status: first.status, text: JSON.stringify(first.answer) }
      if (key) answered.set(key, { body, ...result })
    }
    response.writeHead(result.status, headers)
    response.end(result.text)
  }

  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => handle(incoming, response, Buffer.concat(chunks).toString('utf8')))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  const event = (type: string, object: Json): Json => ({
    id: id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  })

  const fake: FakeStripe = {
    outage: false,
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    sessions,
    pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`No session ${sessionId}`)
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: session.payment_intent ?? id('pi'),
        url: null,
      })
      return event('checkout.session.completed', { ...session })
    },
    event,
    sign(payload, { timestamp = Math.floor(Date.now() / 1000), secret = webhookSecret } = {}) {
      const signature = createHmac('sha256', secret)
        .update(`${timestamp}.${payload}`, 'utf8')
        .digest('hex')
      return `t=${timestamp},v1=${signature}`
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
  return fake
}

function header(incoming: IncomingMessage, name: string): string | undefined {
  const value = incoming.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * A fake Stripe for the test file, started before the test server (call this
 * first) and set as the gateway in `config`, the configuration given to
 * setupTestServer; stopped after the file.
 */
export function setupFakeStripe(config: Partial<Config>): () => FakeStripe {
  let fake: FakeStripe | undefined
  beforeAll(async () => {
    fake = await startFakeStripe()
    recordSecret(fake.secretKey)
    recordSecret(fake.webhookSecret)
    config.payments = {
      gateway: 'stripe',
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiBase: fake.url,
    }
  })
  afterAll(() => fake?.close())
  return () => {
    if (!fake) throw new Error('The fake Stripe has not started')
    return fake
  }
}
