/** How many rows of each kind one run of the demo seed adds. */
export type DemoSizes = {
  letters: number
  /** Customers (role `user`). */
  users: number
  subscriptions: number
  employees: number
  messages: number
  errors: number
}

export const DEMO_SIZE_NAMES = [
  'letters',
  'users',
  'subscriptions',
  'employees',
  'messages',
  'errors',
] as const satisfies readonly (keyof DemoSizes)[]

export const DEFAULT_LETTERS = 1_000
/** One customer for every ten letters, two purchases a customer, as in 1,000,000 / 100,000 / 200,000. */
const LETTERS_PER_USER = 10
const SUBSCRIPTIONS_PER_USER = 2
/** One employee per this many customers, as a small sales team would be (the device's seed too). */
const USERS_PER_EMPLOYEE = 50
const USERS_PER_MESSAGE = 10
const USERS_PER_ERROR = 20

/** The sizes given, and the others derived from them. */
export function demoSizes(given: Partial<DemoSizes> = {}): DemoSizes {
  const letters = given.letters ?? DEFAULT_LETTERS
  const users = given.users ?? Math.max(1, Math.ceil(letters / LETTERS_PER_USER))
  const sizes = {
    letters,
    users,
    subscriptions: given.subscriptions ?? users * SUBSCRIPTIONS_PER_USER,
    employees:
      given.employees ?? (users === 0 ? 0 : Math.max(1, Math.round(users / USERS_PER_EMPLOYEE))),
    messages: given.messages ?? Math.ceil(users / USERS_PER_MESSAGE),
    errors: given.errors ?? Math.ceil(users / USERS_PER_ERROR),
  }
  if (sizes.users === 0 && (sizes.letters > 0 || sizes.subscriptions > 0))
    throw new DemoSizeError('Letters and subscriptions need customers: give --users 1 or more.')
  return sizes
}

export class DemoSizeError extends Error {
  override name = 'DemoSizeError'
}

export const DEMO_USAGE = `npm run seed:demo -- [--letters N] [--users N] [--subscriptions N] [--employees N] [--messages N] [--errors N]
  --letters        letters, spread over the customers and the last year (default ${DEFAULT_LETTERS.toLocaleString('en-US')})
  --users          customers (default: one for every ${LETTERS_PER_USER} letters)
  --subscriptions  purchases (default: ${SUBSCRIPTIONS_PER_USER} a customer), some with an employee's coupon
  --employees      employees with coupon codes (default: one for every ${USERS_PER_EMPLOYEE} customers)
  --messages       contact messages (default: one for every ${USERS_PER_MESSAGE} customers)
  --errors         error reports (default: one for every ${USERS_PER_ERROR} customers)
Numbers may be written 1000000, 1_000_000 or 1,000,000. Seeds the database the server uses:
DATABASE_URL when set, else PGlite in DATA_DIR (./data).`

/** `--letters 1000000` or `--letters=1_000_000`, for each size; anything else is refused. */
export function parseDemoArgs(args: readonly string[]): Partial<DemoSizes> {
  const given: Partial<DemoSizes> = {}
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? ''
    const [flag = '', inline] = arg.split('=', 2) as [string, string | undefined]
    const name = DEMO_SIZE_NAMES.find((one) => flag === `--${one}`)
    if (!name) throw new DemoSizeError(`Unknown argument ${arg}\n${DEMO_USAGE}`)
    const text = inline ?? args[++index]
    given[name] = count(name, text)
  }
  return given
}

function count(name: string, text: string | undefined): number {
  const digits = text?.replace(/[_,]/g, '') ?? ''
  const value = Number(digits)
  if (!/^\d+$/.test(digits) || !Number.isSafeInteger(value))
    throw new DemoSizeError(
      `--${name} must be a whole number, 0 or more (got ${JSON.stringify(text ?? '')})`,
    )
  return value
}
