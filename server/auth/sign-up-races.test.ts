import { describe, expect, it } from 'vitest'
import { countRows, newAccountBody, post, setupTestServer } from '../test-support/test-server'

// The first two employees draw the same code; the second must be given another.
const draws = ['EMPAAAAAA', 'EMPAAAAAA', 'EMPBBBBBB']
const server = setupTestServer({ drawCouponCode: () => draws.shift() ?? 'EMPZZZZZZ' })

describe('coupon codes and emails under contention', () => {
  it('draws again when a coupon code is taken, so codes stay unique across accounts', async () => {
    const { app } = server()
    const first = await post(app, '/api/auth/sign-up', newAccountBody('employee'))
    const second = await post(app, '/api/auth/sign-up', newAccountBody('employee'))
    expect(first.json().user.couponCode).toBe('EMPAAAAAA')
    expect(second.json().user.couponCode).toBe('EMPBBBBBB')
  })

  it('lets exactly one of several simultaneous sign-ups with one email through', async () => {
    const { app, database } = server()
    const body = newAccountBody()
    const before = await countRows(database, 'users')
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(app, '/api/auth/sign-up', body)),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409])
    expect(await countRows(database, 'users')).toBe(before + 1)
    expect(await countRows(database, 'credentials')).toBe(before + 1)
  })
})
