import type { Page } from 'playwright-core'
import { screenshot } from './browser'
import { visible } from './wait'

/** Chooses the AI engine in Settings as a person would, testing the connection first. */
export async function chooseAiEngine(page: Page, baseUrl: string, model: string, apiKey = '') {
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.waitForURL('**/app/settings')
  await page.getByRole('radio', { name: 'AI model (OpenAI-compatible)' }).check()
  await page.getByLabel('Base URL').fill(baseUrl)
  await page.getByLabel('Model', { exact: true }).fill(model)
  await page.getByLabel('API Key').fill(apiKey)
  await page.getByRole('button', { name: 'Test Connection' }).click()
  await visible(page.getByText(`Connected: the endpoint offers 1 model, including ${model}.`))
  await page.getByRole('button', { name: 'Save Settings' }).click()
  await visible(page.getByText('Settings saved'))
  await screenshot(page, 'settings-ai-engine')
  await page.getByRole('link', { name: 'Back to Dashboard' }).click()
  await page.getByRole('heading', { name: /Welcome/ }).waitFor()
}
