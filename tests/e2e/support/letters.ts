import type { Page } from 'playwright-core'
import { expectDashboard, newAccount, signUp } from './accounts'
import { buyPlan } from './billing'

export type LetterAnswers = {
  type?: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
}

export const SAMPLE_ANSWERS: LetterAnswers = {
  type: 'Demand Letter',
  senderAddress: '12 Harbour Street\nPortsmouth PO1 2AB',
  recipientName: 'Łukasz Żółć',
  recipientAddress: 'ul. Długa 5\n00-001 Warszawa',
  matter: 'Unpaid invoice #2041',
  resolution: 'Pay the outstanding balance of $2,400 in full.',
}

/** Fills the Generate Letter form and submits it; the overlay opens next. The user needs a letter credit. */
export async function generateLetter(page: Page, answers: LetterAnswers = SAMPLE_ANSWERS) {
  await page.getByRole('tab', { name: 'Generate Letter' }).click()
  if (answers.type) await page.getByLabel('Letter Type').selectOption(answers.type)
  await page.getByLabel('Your Address').fill(answers.senderAddress)
  await page.getByLabel('Recipient Name').fill(answers.recipientName)
  await page.getByLabel('Recipient Address').fill(answers.recipientAddress)
  await page.getByLabel('Matter/Subject').fill(answers.matter)
  await page.getByLabel('Desired Resolution').fill(answers.resolution)
  await page.getByRole('button', { name: 'Generate Legal Letter' }).click()
}

/** Waits for the overlay to finish and the success toast; the letter then opens on its page. */
export async function waitForGenerated(page: Page) {
  await page.getByText('Legal letter generated successfully!').waitFor({ timeout: 20_000 })
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  await page.getByRole('region', { name: 'Letter' }).waitFor()
}

/** From a letter's page back to the dashboard's My Letters tab. */
export async function backToMyLetters(page: Page) {
  await page.getByRole('link', { name: 'My Letters' }).click()
  await page.getByRole('tab', { name: /^My Letters/, selected: true }).waitFor()
}

/** A new user who bought a plan and wrote one letter, left on My Letters. */
export async function signUpWithOneLetter(page: Page, prefix: string) {
  const account = newAccount(prefix)
  await signUp(page, account)
  await expectDashboard(page, 'User')
  await buyPlan(page)
  await generateLetter(page)
  await waitForGenerated(page)
  await backToMyLetters(page)
  await page.getByRole('tab', { name: 'My Letters (1)' }).click()
  return account
}
