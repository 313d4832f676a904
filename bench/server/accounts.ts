import { API_PATHS } from '@/domain/api'
import { SESSION_COOKIE } from '../../server/auth/session-cookie'

export const PASSWORD = 'bench password 4f1c9e'

export type Account = { id: string; email: string; cookie: string }

export const origin = (port: number) => `http://127.0.0.1:${port}`

/**
 * `count` accounts made through the API, as a browser would: JSON and the server's own Origin.
 * Their e-mail addresses are `<prefix>-<n>@example.com`.
 */
export async function seedAccounts(
  origin: string,
  count: number,
  prefix = 'bench',
): Promise<Account[]> {
  const signUp = async (index: number): Promise<Account> => {
    const email = `${prefix}-${index}@example.com`
    const response = await fetch(`${origin}${API_PATHS.signUp}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({
        fullName: `Bench Person ${index}`,
        email,
        password: PASSWORD,
        role: 'user',
      }),
    })
    if (response.status !== 201)
      throw new Error(`sign-up answered ${response.status}: ${await response.text()}`)
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))
    if (!cookie) throw new Error('sign-up set no session cookie')
    const { user } = (await response.json()) as { user: { id: string } }
    return { id: user.id, email, cookie }
  }
  // A few at a time: argon2 runs on the server's thread pool.
  const accounts: Account[] = []
  for (let first = 1; first <= count; first += SIGN_UPS_AT_ONCE) {
    const last = Math.min(count, first + SIGN_UPS_AT_ONCE - 1)
    const indexes = Array.from({ length: last - first + 1 }, (_, offset) => first + offset)
    accounts.push(...(await Promise.all(indexes.map(signUp))))
  }
  return accounts
}

const SIGN_UPS_AT_ONCE = 4
