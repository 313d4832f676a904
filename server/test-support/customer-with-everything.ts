import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Database } from '../db/database'
import { buy, couponOf } from './purchases'
import { newLetter, SyncDevice } from './sync-device'
import { post, sessionCookie, signedUp } from './test-server'

export const FIRST_TEXT = 'Dear Bob, the invoice of 1 March is unpaid.'
export const EDITED_TEXT = 'Dear Bob, the invoice of 1 March is still unpaid.'

/**
 * Through the API, as the app would: an employee, and a customer who bought
 * Annual 4 Letters with the employee's coupon, wrote two letters with it on a laptop
 * (one edited, so it has a previous version), chose a theme, and signed in on
 * a phone too, which has pulled. Every table of accounts, sync and money gets rows.
 */
export async function customerWithEverything(app: FastifyInstance, database: Database) {
  const employee = await signedUp(app, 'employee')
  const customer = await signedUp(app)
  const subscriptionId = await buy(
    app,
    customer.cookie,
    'annual4',
    await couponOf(database, employee.user.id),
  )
  const laptop = new SyncDevice(app, customer.cookie)
  const letters = [
    newLetter({ matter: 'Unpaid invoice of 1 March', subscriptionId }),
    newLetter({ matter: 'Noise after midnight', subscriptionId }),
  ]
  const [first, second] = letters
  if (!first || !second) throw new Error('two letters')
  const pushed = await laptop.push(
    laptop.mutation('letters.create', { letter: first }),
    laptop.mutation('letters.complete', { id: first.id, content: FIRST_TEXT, generator: 'g' }),
    laptop.mutation('letters.create', { letter: second }),
    laptop.mutation('letters.complete', {
      id: second.id,
      content: 'Dear neighbour…',
      generator: 'g',
    }),
    laptop.mutation('settings.set', { key: 'theme', value: 'dark' }),
  )
  expect(pushed.refused).toEqual([])
  const version = (await laptop.letter(first.id))?.version ?? 0
  const edited = await laptop.push(
    laptop.mutation('letters.editContent', {
      id: first.id,
      content: EDITED_TEXT,
      versionId: randomUUID(),
      baseVersion: version,
    }),
  )
  expect(edited.refused).toEqual([])

  const signedIn = await post(app, '/api/auth/sign-in', {
    email: customer.body.email,
    password: customer.body.password,
  })
  expect(signedIn.statusCode, signedIn.body).toBe(200)
  const phone = new SyncDevice(app, sessionCookie(signedIn))
  await phone.pullAll()

  return { employee, customer, subscriptionId, letters, laptop, phone }
}
