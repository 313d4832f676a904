import { describe, expect, it } from 'vitest'
import { AppError, ERROR_MESSAGES, type ErrorCode } from '@/domain/errors'
import type { CardDetails, ChargeRequest } from './payment-gateway'
import { createTestGateway } from './test-gateway'

const NOW = new Date(2026, 10, 22)
const CARD: CardDetails = {
  cardNumber: '4242 4242 4242 4242',
  expiryDate: '11/26',
  cvv: '123',
  cardholderName: 'Ada Lovelace',
}

function request(card: Partial<CardDetails> = {}, extra: Partial<ChargeRequest> = {}) {
  return {
    amountCents: 23_920,
    currency: 'USD',
    card: { ...CARD, ...card },
    idempotencyKey: crypto.randomUUID(),
    description: 'Letterhead Annual 4 Letters',
    ...extra,
  } satisfies ChargeRequest
}

function gateway() {
  return createTestGateway({ clock: () => NOW, delayMs: 0 })
}

async function expectRefusal(promise: Promise<unknown>, code: ErrorCode, message: string) {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ code, message })
  expect(ERROR_MESSAGES[code]).toBe(message)
}

describe('test gateway: validation', () => {
  it('requires the four card fields', async () => {
    for (const field of ['cardNumber', 'expiryDate', 'cvv', 'cardholderName'] as const) {
      await expectRefusal(
        gateway().charge(request({ [field]: '   ' })),
        'PAYMENT_DETAILS_REQUIRED',
        'Please fill in all payment details',
      )
    }
  })

  it('does not require billing address, city or ZIP', async () => {
    const result = await gateway().charge(request({ billingAddress: '', city: '', zipCode: '' }))
    expect(result.cardLast4).toBe('4242')
  })

  it('refuses each invalid detail with its own message', async () => {
    const cases: [Partial<CardDetails>, ErrorCode, string][] = [
      [
        { cardNumber: '4242 4242 4242 4241' },
        'CARD_NUMBER_INVALID',
        'Card number is not valid. Check the digits and try again.',
      ],
      [{ cardNumber: '4242 4242' }, 'CARD_NUMBER_INVALID', ERROR_MESSAGES.CARD_NUMBER_INVALID],
      [
        { expiryDate: '13/27' },
        'CARD_EXPIRY_INVALID',
        'Expiry date must be a month from 01 to 12, as MM/YY.',
      ],
      [{ expiryDate: '00/27' }, 'CARD_EXPIRY_INVALID', ERROR_MESSAGES.CARD_EXPIRY_INVALID],
      [{ expiryDate: '1127' }, 'CARD_EXPIRY_INVALID', ERROR_MESSAGES.CARD_EXPIRY_INVALID],
      [
        { expiryDate: '10/26' },
        'CARD_EXPIRED',
        'This card has expired. Please use a different card.',
      ],
      [{ cvv: '12' }, 'CVV_INVALID', 'CVV must be 3 or 4 digits.'],
      [{ cvv: '12345' }, 'CVV_INVALID', ERROR_MESSAGES.CVV_INVALID],
    ]
    for (const [card, code, message] of cases) {
      await expectRefusal(gateway().charge(request(card)), code, message)
    }
  })

  it('accepts the current month and 3- or 4-digit CVVs', async () => {
    await expect(gateway().charge(request({ expiryDate: '11/26' }))).resolves.toBeDefined()
    await expect(gateway().charge(request({ cvv: '1234' }))).resolves.toBeDefined()
  })

  it('refuses amounts that are not positive whole cents', async () => {
    for (const amountCents of [0, -100, 12.5, Number.NaN, 2 ** 53]) {
      await expectRefusal(
        gateway().charge(request({}, { amountCents })),
        'PAYMENT_AMOUNT_INVALID',
        'The amount to pay is not valid. Please choose your plan again.',
      )
    }
  })
})

describe('test gateway: test cards', () => {
  it('charges 4242 and other valid numbers, keeping only brand and last four', async () => {
    const visa = await gateway().charge(request())
    expect(visa).toEqual({
      chargeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cardBrand: 'Visa',
      cardLast4: '4242',
      amountCents: 23_920,
    })
    expect(JSON.stringify(visa)).not.toContain('4242424242424242')

    const mastercard = await gateway().charge(request({ cardNumber: '5555 5555 5555 4444' }))
    expect(mastercard).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444' })
  })

  it.each([
    ['4000 0000 0000 0002', 'PAYMENT_FAILED', 'Payment failed. Please try again.'],
    [
      '4000 0000 0000 9995',
      'CARD_DECLINED_INSUFFICIENT_FUNDS',
      'Your card has insufficient funds. Please use a different card.',
    ],
    [
      '4000 0000 0000 0069',
      'CARD_DECLINED_EXPIRED',
      'Your bank reports this card as expired. Please use a different card.',
    ],
    [
      '4000 0000 0000 0127',
      'CARD_DECLINED_CVC',
      'The CVV is incorrect. Check the 3 or 4 digits on your card and try again.',
    ],
    [
      '4000 0000 0000 0119',
      'PROCESSING_ERROR',
      'Your card could not be processed just now. Please try again in a moment.',
    ],
  ] as const)('declines %s with %s', async (cardNumber, code, message) => {
    await expectRefusal(gateway().charge(request({ cardNumber })), code, message)
  })
})

describe('test gateway: idempotency and delay', () => {
  it('charges once per key, even for concurrent calls', async () => {
    const payments = gateway()
    const first = request()
    const [a, b] = await Promise.all([payments.charge(first), payments.charge({ ...first })])
    const c = await payments.charge(first)
    expect(b).toBe(a)
    expect(c).toBe(a)
    const other = await payments.charge(request())
    expect(other.chargeId).not.toBe(a.chargeId)
  })

  it('refuses an old key reused for a different amount', async () => {
    const payments = gateway()
    const first = request()
    await payments.charge(first)
    await expectRefusal(
      payments.charge({ ...first, amountCents: 59_900 }),
      'IDEMPOTENCY_CONFLICT',
      'This payment was already submitted with different details. Please start checkout again.',
    )
  })

  it('lets a declined attempt be retried under the same key', async () => {
    const payments = gateway()
    const declined = request({ cardNumber: '4000 0000 0000 0002' })
    await expectRefusal(payments.charge(declined), 'PAYMENT_FAILED', ERROR_MESSAGES.PAYMENT_FAILED)
    const retried = await payments.charge({ ...declined, card: CARD })
    expect(retried.cardLast4).toBe('4242')
  })

  it('waits the configured delay before answering, 1500 ms by default', async () => {
    const waits: number[] = []
    const sleep = (ms: number) => {
      waits.push(ms)
      return Promise.resolve()
    }
    await createTestGateway({ clock: () => NOW, sleep }).charge(request())
    await createTestGateway({ clock: () => NOW, sleep, delayMs: 10 }).charge(request())
    expect(waits).toEqual([1500, 10])
  })

  it('reports invalid details without waiting', async () => {
    const waits: number[] = []
    const payments = createTestGateway({
      clock: () => NOW,
      sleep: (ms) => {
        waits.push(ms)
        return Promise.resolve()
      },
    })
    await expect(payments.charge(request({ cvv: '1' }))).rejects.toBeInstanceOf(AppError)
    expect(waits).toEqual([])
  })

  it('is named test', () => {
    expect(createTestGateway().id).toBe('test')
  })
})
