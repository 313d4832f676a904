import { chromium } from 'playwright-core'

/**
 * Signs a new user up through the app's own Sign Up form in the browser's
 * default profile, the one Lighthouse's tabs share, and waits for their
 * dashboard: the session is then on the device (IndexedDB) and on the server
 * (its cookie), as after any sign-up. Lighthouse's storage reset leaves both.
 */
export async function signUpInBrowser(devToolsPort: number, origin: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${devToolsPort}`)
  try {
    const context = browser.contexts()[0]
    if (!context) throw new Error('Chromium has no default profile to sign up in')
    const page = await context.newPage()
    await page.goto(`${origin}/auth?tab=signup`)
    await page.getByLabel('Full Name').fill('Lighthouse Reader')
    await page.getByLabel('Email').fill(`lighthouse-${Date.now()}@example.com`)
    await page.getByLabel('Password').fill('correct horse battery staple')
    await page.getByRole('radio', { name: 'User - Generate legal letters' }).check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL(`${origin}/app`)
    await page.getByRole('heading', { name: /Welcome/ }).waitFor()
    await page.close()
  } finally {
    // Connected, not launched: this only disconnects, the browser and its profile stay.
    await browser.close()
  }
}
