import type { Page } from 'playwright-core'

export const GOOD_CARD = {
  number: '4242424242424242',
  expiry: '1230',
  cvv: '987',
  name: 'Ada Lovelace',
}

/** Opens checkout for `plan` from the Subscription tab. */
export async function selectPlan(page: Page, plan: string) {
  await page.getByRole('tab', { name: 'Subscription' }).click()
  await page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: plan, exact: true }) })
    .getByRole('button', { name: 'Select Plan' })
    .click()
  await page.getByRole('heading', { name: 'Order Summary' }).waitFor()
}

export async function fillCard(page: Page, card: Partial<typeof GOOD_CARD> = {}) {
  const details = { ...GOOD_CARD, ...card }
  await page.getByLabel('Card Number').fill('')
  await page.getByLabel('Card Number').pressSequentially(details.number)
  await page.getByLabel('Expiry Date').fill('')
  await page.getByLabel('Expiry Date').pressSequentially(details.expiry)
  await page.getByLabel('CVV').fill(details.cvv)
  await page.getByLabel('Cardholder Name').fill(details.name)
}

/** Buys a plan with the good test card, optionally with a coupon, and waits for the success screen. */
export async function buyPlan(page: Page, plan = 'Annual 8 Letters', coupon?: string) {
  await selectPlan(page, plan)
  if (coupon !== undefined) {
    await page.getByLabel('Coupon Code').fill(coupon)
    await page.getByRole('button', { name: 'Apply' }).click()
    await page.getByRole('button', { name: 'Remove' }).waitFor()
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await fillCard(page)
  await page.getByRole('button', { name: /^Pay / }).click()
  await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 15_000 })
}
