import type { FastifyInstance } from 'fastify'
import type { ApiUser } from '@/domain/api'
import { insertLetter, insertUser } from '../../server/test-support/admin'
import { signedUp, TEST_ADMIN_SECRET, type TestServer } from '../../server/test-support/test-server'
import { buyLetters, PASSWORD, serverDevice } from '../sync/support/device'

let accounts = 0

/** Noon of a day in this machine's time zone, as the admin's date inputs count days. */
export const localNoon = (year: number, month: number, day: number) =>
  new Date(year, month - 1, day, 12).toISOString()

/** A browser signed in as a new admin, with the secret the test server was given. */
export async function adminDevice(app: FastifyInstance) {
  accounts += 1
  const device = serverDevice(app, 'Admin')
  await device.repo.auth.signUpAdmin({
    fullName: 'Ada Admin',
    email: `admin${accounts}-${Date.now()}@example.com`,
    password: PASSWORD,
    adminSecret: TEST_ADMIN_SECRET,
  })
  return device
}

/** A browser signed in as a new customer, through the server's sign-up. */
export async function customerDevice(app: FastifyInstance, fullName = 'Cara Customer') {
  accounts += 1
  const device = serverDevice(app, 'Customer')
  const email = `customer${accounts}-${Date.now()}@example.com`
  const user = await device.repo.auth.signUp({ fullName, email, password: PASSWORD, role: 'user' })
  return { device, user, email }
}

export type Shop = {
  customer: { id: string; email: string }
  employee: ApiUser
  /** Inserted customers `Person 01` … `Person 29`, made at noon on 1 … 29 January 2026. */
  people: string[]
}

/**
 * Everyone the admin's view counts: an employee and a customer signed up
 * through the server, the customer's letter, and the customer's purchase
 * through the server's checkout with the employee's code (20% off Annual 4 Letters: $239.20, $59.80 off), and 29
 * older customers, one a day, to page through. 30 users in all.
 */
export async function openShop({ app, database }: TestServer): Promise<Shop> {
  const { user: employee } = await signedUp(app, 'employee')
  const { device, user, email } = await customerDevice(app)
  await insertLetter(database, user.id, { matter: 'Unpaid invoice' })
  await buyLetters(device, 'annual4', employee.couponCode)
  const people: string[] = []
  for (let day = 1; day <= 29; day++) {
    const fullName = `Person ${String(day).padStart(2, '0')}`
    people.push(fullName)
    await insertUser(database, {
      fullName,
      email: `person${day}-${Date.now()}@example.com`,
      createdAt: localNoon(2026, 1, day),
    })
  }
  return { customer: { id: user.id, email }, employee, people }
}
