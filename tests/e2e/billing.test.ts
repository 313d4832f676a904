import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signIn, signOut, signUp } from './support/accounts'
import { buyPlan, fillCard, selectPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { readTable } from './support/indexeddb'
import { generateLetter, waitForGenerated, backToMyLetters } from './support/letters'
import { visible } from './support/wait'

const browser = setupBrowser()

const TABLES = [
  'users',
  'credentials',
  'session',
  'letters',
  'subscriptions',
  'commissions',
  'settings',
  'letterVersions',
]

describe('plans, checkout and commissions', () => {
  it('sells a plan with a padded lower-case coupon at $239.20 and pays the employee $11.96', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const employee = newAccount('seller')
    await signUp(page, employee, 'employee')
    await expectDashboard(page, 'Employee')
    const code = (await (await visible(page.getByTestId('coupon-code'))).textContent()) ?? ''
    await signOut(page)

    await signUp(page, newAccount('buyer'))
    await expectDashboard(page, 'User')
    await visible(page.getByText('You have no letters left. Choose a plan to continue.'))
    expect(await page.getByRole('button', { name: 'Generate Legal Letter' }).isDisabled()).toBe(
      true,
    )
    await page.getByRole('button', { name: 'Choose a Plan' }).click()
    await visible(page.getByRole('heading', { name: 'Annual 4 Letters' }))
    await visible(page.getByText('Most Popular'))
    await screenshot(page, 'plans-desktop')

    await selectPlan(page, 'Single Letter')
    await page.getByRole('button', { name: 'Apply' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Please enter a coupon code' }))
    await page.getByLabel('Coupon Code').fill('EMPNOPE00')
    await page.getByRole('button', { name: 'Apply' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'Invalid coupon code' }))
    await page.getByLabel('Coupon Code').fill(`  ${code.toLowerCase()}  `)
    await page.getByRole('button', { name: 'Apply' }).click()
    await visible(page.getByText('Coupon applied! 20% discount activated'))
    expect(await page.getByTestId('order-total').textContent()).toBe('$239.20')
    await screenshot(page, 'checkout-summary')

    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await visible(page.getByRole('heading', { name: 'Payment' }))
    await page.getByLabel('Card Number').pressSequentially('4242424242424242')
    expect(await page.getByLabel('Card Number').inputValue()).toBe('4242 4242 4242 4242')
    await fillCard(page)
    await screenshot(page, 'checkout-payment')
    await page.getByRole('button', { name: 'Pay $239.20' }).click()
    await visible(page.getByRole('heading', { name: 'Payment Successful' }))
    await visible(page.getByText('Payment successful! Your subscription is now active.'))
    // Three seconds later checkout closes and the plans show again, with the letter granted.
    await visible(page.getByRole('heading', { name: 'Single Letter' }))
    expect(await page.getByTestId('letters-left').textContent()).toBe('1')

    const everything = JSON.stringify(
      await Promise.all(TABLES.map((table) => readTable(page, table))),
    )
    expect(everything).not.toMatch(/4242\s?4242\s?4242/)
    expect(everything).not.toMatch(/"cvv"|"cardNumber"|"987"/)
    const [subscription] = await readTable(page, 'subscriptions')
    expect(subscription).toMatchObject({
      priceCents: 23_920,
      discountCents: 5_980,
      discountPercent: 20,
      couponCode: code,
      cardBrand: 'Visa',
      cardLast4: '4242',
    })

    await signOut(page)
    await signIn(page, employee.email, employee.password)
    await expectDashboard(page, 'Employee')
    await visible(
      page.getByRole('group', { name: 'Total Referrals' }).getByText('1', { exact: true }),
    )
    await visible(page.getByRole('group', { name: 'Total Earnings' }).getByText('$11.96'))
    await visible(page.getByRole('group', { name: 'Avg per Referral' }).getByText('$11.96'))
    await visible(page.getByRole('cell', { name: '$239.20' }))
    await visible(page.getByRole('cell', { name: 'Single Letter' }))
    await screenshot(page, 'employee-portal-desktop')

    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.getByRole('button', { name: 'Copy Code' }).click()
    await visible(page.getByText('Coupon code copied to clipboard!'))
    await visible(page.getByRole('button', { name: 'Copied' }))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code)
    await visible(page.getByRole('button', { name: 'Copy Code' }))
    await context.close()
  })

  it('says what is wrong with each card, and declines the decline card', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('cards'))
    await expectDashboard(page, 'User')
    await selectPlan(page, 'Annual 4 Letters')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    const pay = page.getByRole('button', { name: 'Pay $299.00' })
    const alert = page.getByRole('alert')

    await pay.click()
    await visible(alert.filter({ hasText: 'Please fill in all payment details' }))

    const cases: Array<[Parameters<typeof fillCard>[1], string]> = [
      [{ number: '4242424242424241' }, 'Card number is not valid.'],
      [{ expiry: '1330' }, 'Expiry date must be a month from 01 to 12, as MM/YY.'],
      [{ expiry: '0120' }, 'This card has expired.'],
      [{ cvv: '12' }, 'CVV must be 3 or 4 digits.'],
    ]
    for (const [card, message] of cases) {
      await fillCard(page, card)
      await pay.click()
      await visible(alert.filter({ hasText: message }))
    }

    await fillCard(page, { number: '4000000000000002' })
    await pay.click()
    await visible(page.getByRole('button', { name: /^Pay/, disabled: true }))
    await visible(alert.filter({ hasText: 'Payment failed. Please try again.' }))
    await visible(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Payment failed. Please try again.' }),
    )
    await screenshot(page, 'checkout-declined')
    expect(await readTable(page, 'subscriptions')).toEqual([])

    await fillCard(page)
    await pay.click()
    await visible(page.getByRole('heading', { name: 'Payment Successful' }))
    // The decline's toast leaves as Pay is pressed, well before its four seconds would run out.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Payment failed. Please try again.' })
      .waitFor({ state: 'detached', timeout: 1_000 })
    expect(await readTable(page, 'subscriptions')).toHaveLength(1)
    await context.close()
  })

  it('never records two purchases for a double click', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('double'))
    await expectDashboard(page, 'User')
    await selectPlan(page, 'Single Letter')
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    await fillCard(page)
    await page.getByRole('button', { name: 'Pay $299.00' }).dblclick()
    await visible(page.getByRole('heading', { name: 'Payment Successful' }))
    expect(await readTable(page, 'subscriptions')).toHaveLength(1)
    await context.close()
  })

  it('spends a letter per generated letter and says so when none are left', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('spender'))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Single Letter')
    await generateLetter(page)
    await waitForGenerated(page)
    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    await visible(page.getByText('You have no letters left. Choose a plan to continue.'))
    await page.getByRole('tab', { name: 'Subscription' }).click()
    expect(await page.getByTestId('letters-left').textContent()).toBe('0')
    await context.close()
  })
})
