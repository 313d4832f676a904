import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signOut, signUp, submitAdminSignUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { downloadFrom } from './support/downloads'
import {
  type LetterAnswers,
  generateLetter,
  waitForGenerated,
  backToMyLetters,
} from './support/letters'
import { visible } from './support/wait'
import { docxParagraphs, openPdf, pdfBodyTexts, zipParts } from '../support/document-text'

const browser = setupBrowser()

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

// Each payload, were it ever run, sets a sentinel and opens a dialog; the test fails on either.
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">'
const SCRIPT = '"><script>window.__xss=2;alert(2)</script>'
const JS_URL = 'javascript:window.__xss=3;alert(3)'
const RTL = '\u202Eexe.txt مرحبا שלום'
const EMOJI = '😀👍🏽👨‍👩‍👧'
const CJK = '契約書'
const unbroken = (char: string, length: number) => char.repeat(length)

// Within the schemas' limits (auth-schemas.ts, letter-schema.ts, contact-schema.ts).
const NAME = `${IMG} ${RTL} ${EMOJI} ${unbroken('N', 38)}` // at most 120
const ANSWERS = {
  type: 'Demand Letter',
  senderAddress: `${SCRIPT}\n${JS_URL}\n${unbroken('A', 300)}`, // at most 500
  recipientName: `${SCRIPT} ${CJK} ${EMOJI} ${RTL}`, // at most 120
  recipientAddress: `${JS_URL}\n${RTL}\n${unbroken('B', 400)}`, // at most 500
  matter: `${IMG} ${unbroken('M', 150)}`, // at most 200
  resolution: `${SCRIPT} ${unbroken('R', 2000)} ${RTL} ${EMOJI} ${CJK}`, // at most 4,000
} satisfies LetterAnswers
/** The parts DejaVu Serif can print: markup, URLs and the long Latin runs. */
const PRINTABLE = [IMG, SCRIPT, JS_URL, unbroken('A', 300), unbroken('M', 150), unbroken('R', 2000)]

type Dialogs = { opened: string[] }

/** Any alert, confirm or prompt means a payload ran. */
function watchDialogs(page: Page): Dialogs {
  const dialogs: Dialogs = { opened: [] }
  page.on('dialog', (dialog) => {
    dialogs.opened.push(dialog.message())
    void dialog.dismiss()
  })
  return dialogs
}

/** No payload ran and none became markup: no sentinel, no stray image, script or javascript: link. */
async function expectNothingRan(page: Page, dialogs: Dialogs) {
  const found = await page.evaluate(() => ({
    sentinel: (window as { __xss?: unknown }).__xss ?? null,
    injected: [
      ...document.querySelectorAll('img[src="x"], script:not([src]), a[href^="javascript:" i]'),
    ].map((node) => node.outerHTML.slice(0, 80)),
  }))
  expect(found).toEqual({ sentinel: null, injected: [] })
  expect(dialogs.opened).toEqual([])
}

/** The page never scrolls sideways on a phone or a desktop; a screenshot of each for the eye. */
async function expectLayoutHolds(page: Page, name: string) {
  for (const [label, size] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(size)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
    const overflow = await page.evaluate(() => {
      const width = document.documentElement.clientWidth
      if (document.documentElement.scrollWidth <= width) return []
      // The innermost elements that reach past the right edge: the ones to fix.
      const wide = [...document.body.querySelectorAll('*')].filter(
        (node) => node.getBoundingClientRect().right > width + 1,
      )
      return wide
        .filter((node) => !wide.some((other) => other !== node && node.contains(other)))
        .map((node) => `<${node.tagName.toLowerCase()} class="${node.className.toString()}">`)
        .slice(0, 3)
    })
    await screenshot(page, `hostile-${name}-${label}`)
    expect(overflow, `${name} scrolls sideways at ${label} size`).toEqual([])
  }
}

async function expectTextIn(where: Locator, ...parts: string[]) {
  const text = (await where.textContent()) ?? ''
  for (const part of parts) expect(text, `${where.toString()}`).toContain(part)
}

/** User text sharing a line with the app's words sits in a bidi isolate, so it cannot reorder them. */
async function expectIsolated(where: Locator, text: string) {
  const isolated = await where.evaluate(
    (root, value) =>
      [...root.querySelectorAll('*')].some(
        (node) =>
          node.textContent === value && getComputedStyle(node).unicodeBidi.includes('isolate'),
      ),
    text,
  )
  expect(isolated, `"${text}" is not bidi-isolated`).toBe(true)
}

const squash = (text: string) => text.replace(/\s+/g, '')

async function signUpAdmin(page: Page, fullName: string) {
  await submitAdminSignUp(page, { ...newAccount('admin'), fullName })
  await page.waitForURL('**/app/admin')
}

describe('hostile input', () => {
  it('fits the payloads within the fields’ limits', () => {
    expect(NAME.length).toBeLessThanOrEqual(120)
    expect(ANSWERS.senderAddress.length).toBeLessThanOrEqual(500)
    expect(ANSWERS.recipientName.length).toBeLessThanOrEqual(120)
    expect(ANSWERS.recipientAddress.length).toBeLessThanOrEqual(500)
    expect(ANSWERS.matter.length).toBeLessThanOrEqual(200)
    expect(ANSWERS.resolution.length).toBeLessThanOrEqual(4_000)
  })

  it('shows markup, scripts, long runs, right-to-left text and emoji as text, from sign-up to the DOCX', async () => {
    const context = await browser.newContext({ acceptDownloads: true, viewport: DESKTOP })
    const page = await context.newPage()
    const dialogs = watchDialogs(page)

    await signUp(page, { ...newAccount('hostile'), fullName: NAME })
    await expectDashboard(page, 'User')
    expect(await page.getByRole('heading', { name: /Welcome/ }).textContent()).toBe(
      `Welcome, ${NAME}`,
    )
    await expectLayoutHolds(page, 'dashboard')
    await buyPlan(page)

    // The form keeps every character as typed.
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    expect(await page.getByLabel('Your Name').inputValue()).toBe(NAME)
    const fields = {
      'Your Address': ANSWERS.senderAddress,
      'Recipient Name': ANSWERS.recipientName,
      'Recipient Address': ANSWERS.recipientAddress,
      'Matter/Subject': ANSWERS.matter,
      'Desired Resolution': ANSWERS.resolution,
    }
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value)
    for (const [label, value] of Object.entries(fields))
      expect(await page.getByLabel(label).inputValue(), label).toBe(value)
    await expectLayoutHolds(page, 'generate-form')
    await page.getByRole('button', { name: 'Generate Legal Letter' }).click()
    await waitForGenerated(page)
    await expectNothingRan(page, dialogs)

    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const card = page.getByRole('article')
    await visible(card)
    await expectTextIn(card, ANSWERS.matter, ANSWERS.recipientName)
    await expectIsolated(card, ANSWERS.recipientName)
    await expectLayoutHolds(page, 'my-letters')

    await card.getByRole('link', { name: 'Open' }).click()
    await page.waitForURL('**/app/letters/*')
    const paper = page.getByRole('region', { name: 'Letter', exact: true })
    await visible(paper)
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe(ANSWERS.matter)
    await expectTextIn(paper, NAME, ...Object.values(fields), `Re: ${ANSWERS.matter}`)
    await expectIsolated(
      page.locator('header', { has: page.getByRole('heading', { level: 2 }) }),
      ANSWERS.recipientName,
    )
    await expectLayoutHolds(page, 'letter-view')
    await expectNothingRan(page, dialogs)

    const txt = await downloadFrom(page, page, 'Text (.txt)')
    const text = new TextDecoder().decode(txt.bytes)
    for (const value of [NAME, ...Object.values(fields)]) expect(text).toContain(value)

    // The PDF font has no emoji or CJK: the PDF holds the Latin and markup, wrapped to the page.
    const pdf = await openPdf((await downloadFrom(page, page, 'PDF (.pdf)')).bytes)
    const pdfText = squash((await pdfBodyTexts(pdf)).join(''))
    for (const value of PRINTABLE) expect(pdfText).toContain(squash(value))
    // The person is told which characters print as blanks, and where they are kept.
    const blanks = page.getByText(/^The PDF shows some characters of this letter as blanks \(/)
    await visible(blanks)
    expect(await blanks.textContent()).toContain('The Word and Text downloads keep them.')
    await screenshot(page, 'hostile-pdf-blanks-warning')
    for (let number = 1; number <= pdf.numPages; number++) {
      const pdfPage = await pdf.getPage(number)
      const width = pdfPage.getViewport({ scale: 1 }).width
      for (const item of (await pdfPage.getTextContent()).items) {
        if (!('str' in item)) continue
        // Inside the one-inch right margin the writer lays the letter out in.
        const right = (item.transform[4] as number) + item.width
        expect(right, `"${item.str.slice(0, 30)}" runs into the margin`).toBeLessThanOrEqual(
          width - 72 + 1,
        )
      }
    }

    // The DOCX holds everything, escaped as XML text.
    const documentXml = zipParts((await downloadFrom(page, page, 'Word (.docx)')).bytes)[
      'word/document.xml'
    ]
    expect(documentXml).toBeDefined()
    expect(documentXml).not.toMatch(/<img|<script/i)
    const docText = docxParagraphs(documentXml ?? '').join('\n')
    for (const value of [NAME, ...Object.values(fields)]) expect(docText).toContain(value)

    await visible(page.getByText('Letter downloaded successfully!'))
    await expectNothingRan(page, dialogs)
    await context.close()
  })

  it('shows them as text in the contact form, the admin tables and the admin search', async () => {
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const dialogs = watchDialogs(page)
    const message = {
      Name: `${IMG} ${RTL}`,
      Email: 'hostile@example.com',
      Subject: `${SCRIPT} ${unbroken('S', 150)}`,
      Message: `${JS_URL} ${unbroken('Q', 2000)} ${EMOJI} ${CJK}`,
    }

    await page.goto('/#contact')
    const form = page.getByRole('form', { name: 'Contact' })
    for (const [label, value] of Object.entries(message)) await form.getByLabel(label).fill(value)
    for (const [label, value] of Object.entries(message))
      expect(await form.getByLabel(label).inputValue()).toBe(value)
    await expectLayoutHolds(page, 'contact')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await visible(page.getByText('Thank you — your message has been sent.'))
    await expectNothingRan(page, dialogs)

    await signUp(page, { ...newAccount('hostile'), fullName: NAME })
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Single Letter')
    await generateLetter(page, ANSWERS)
    await waitForGenerated(page)
    await signOut(page)

    const adminName = `${EMOJI} ${RTL} ${SCRIPT}`
    await signUpAdmin(page, adminName)
    expect(await page.getByRole('heading', { name: /Welcome/ }).textContent()).toBe(
      `Welcome, ${adminName}`,
    )
    const table = page.getByRole('tabpanel').getByRole('table')

    await page.getByRole('tab', { name: 'Users' }).click()
    await visible(table.getByRole('row').nth(1))
    await expectTextIn(table, NAME)
    await expectLayoutHolds(page, 'admin-users')

    await page.getByRole('tab', { name: 'Letters' }).click()
    await visible(table.getByRole('row').filter({ hasText: unbroken('M', 150) }))
    await expectTextIn(table, ANSWERS.matter, ANSWERS.recipientName)
    await expectLayoutHolds(page, 'admin-letters')

    await page.getByRole('tab', { name: 'Messages' }).click()
    const row = table.getByRole('row').filter({ hasText: unbroken('S', 150) })
    await visible(row)
    await expectTextIn(row, message.Name, message.Subject, message.Message)
    await expectLayoutHolds(page, 'admin-messages')

    // The search echoes what was typed in the caption, as text.
    await page.getByLabel('Search messages').fill(IMG)
    await page.getByLabel('Search messages').press('Enter')
    await visible(page.getByText(`Messages matching “${IMG}”`))
    await visible(row)
    const nothing = '<svg onload="window.__xss=4;alert(4)">'
    await page.getByLabel('Search messages').fill(nothing)
    await page.getByLabel('Search messages').press('Enter')
    await visible(page.getByText(`No messages match “${nothing}”.`))
    await expectLayoutHolds(page, 'admin-search')
    await expectNothingRan(page, dialogs)
    await context.close()
  })
})
