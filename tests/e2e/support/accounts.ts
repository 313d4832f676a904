import type { Page } from 'playwright-core'

/** The secret the browser-test build is made with (see package.json's test:e2e). */
export const E2E_ADMIN_SECRET = 'e2e-admin-secret'

export type Account = { fullName: string; email: string; password: string }

let counter = 0
export function newAccount(prefix = 'person'): Account {
  counter += 1
  return {
    fullName: `Test ${prefix} ${counter}`,
    email: `${prefix}${counter}-${Date.now()}@example.com`,
    password: 'correct horse battery',
  }
}

export async function signUp(page: Page, account: Account, role: 'user' | 'employee' = 'user') {
  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByLabel('Full Name').fill(account.fullName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page
    .getByRole('radio', {
      name:
        role === 'user' ? 'User - Generate legal letters' : 'Employee - Earn referral commissions',
    })
    .check()
  await page.getByRole('button', { name: 'Create Account' }).click()
}

/** Fills in and sends the admin sign-up form; the caller checks what follows. */
export async function submitAdminSignUp(page: Page, account: Account, secret = E2E_ADMIN_SECRET) {
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Admin Access' }).click()
  await page.getByLabel('Full Name').fill(account.fullName)
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByLabel('Admin Secret Key').fill(secret)
  await page.getByRole('button', { name: 'Create Admin Account' }).click()
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Signs out from a dashboard and waits until it has finished: until then /auth still sees the session. */
export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await page.waitForURL('**/auth')
}

export async function expectDashboard(page: Page, badge: 'User' | 'Employee' | 'Admin') {
  // Admins land on /app/admin, everyone else on /app.
  await page.waitForURL(badge === 'Admin' ? '**/app/admin' : '**/app')
  await page.getByRole('heading', { name: /Welcome/ }).waitFor()
  await page.getByText(badge, { exact: true }).waitFor()
}
