import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { parseIcs, propertyOf } from '../../src/features/letters/reply/ics-test-parser'
import { docxParagraphs, openPdf, pdfPageTexts, zipParts } from '../support/document-text'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { ARTIFACTS, screenshot, setupBrowser } from './support/browser'
import { downloadFrom } from './support/downloads'
import { generateGuidedLetter, SIX_LETTERS } from './support/six-letters'
import { visible } from './support/wait'

const browser = setupBrowser()

const flat = (text: string) => text.replace(/\s+/g, ' ').trim()
const ASKING = ['Demand Letter', 'Cease and Desist', 'Legal Notice', 'Business Letter']
const MONTH_DAY_YEAR =
  /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/g

const formatLetterDate = (date: Date) =>
  date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })
const calendarDayOf = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-')

/** Days from today, written as the letter writes them. */
const daysFromNow = (days: number) => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days)
}

describe('letters of every type, from guided answers', () => {
  it('writes each of the six types with its facts, one deadline where one belongs, and carries them into TXT, PDF and DOCX', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await signUp(page, newAccount('six'))
    await expectDashboard(page, 'User')
    await buyPlan(page)

    for (const answers of SIX_LETTERS) {
      await generateGuidedLetter(page, answers)
      // The finished letter opens on its own page.
      const letter = page.getByRole('region', { name: 'Letter' })
      await letter.waitFor({ timeout: 30_000 })
      const shown = flat((await letter.textContent()) ?? '')
      const slug = answers.type.toLowerCase().replace(/\s+/g, '-')
      await screenshot(page, `letter-type-${slug}`)

      const txt = await downloadFrom(page, page, 'Text (.txt)')
      const text = new TextDecoder().decode(txt.bytes)
      // Kept for a person to read: what each type's letter says in full.
      await mkdir(`${ARTIFACTS}/letters`, { recursive: true })
      await writeFile(`${ARTIFACTS}/letters/${slug}.txt`, text)
      const pdf = await downloadFrom(page, page, 'PDF (.pdf)')
      const pdfText = flat((await pdfPageTexts(await openPdf(pdf.bytes))).join('\n'))
      const docx = await downloadFrom(page, page, 'Word (.docx)')
      const docxText = flat(
        docxParagraphs(zipParts(docx.bytes)['word/document.xml'] ?? '').join('\n'),
      )

      for (const wanted of [answers.recipientName, `Re: ${answers.matter}`, ...answers.expect]) {
        expect(flat(text), `${answers.type} TXT: ${wanted}`).toContain(flat(wanted))
        expect(shown, `${answers.type} view: ${wanted}`).toContain(flat(wanted))
        expect(pdfText, `${answers.type} PDF: ${wanted}`).toContain(flat(wanted))
        expect(docxText, `${answers.type} DOCX: ${wanted}`).toContain(flat(wanted))
      }
      expect(text).not.toMatch(/\[|\{\{|undefined|null|NaN|\.\.(?!\.)|,\./)
      expect(text).not.toMatch(/\n\n\n/)

      const dates = new Set(text.match(MONTH_DAY_YEAR))
      const today = formatLetterDate(new Date())
      if (ASKING.includes(answers.type)) {
        const deadline = formatLetterDate(daysFromNow(answers.replyWithinDays ?? 30))
        expect(text, `${answers.type} states its deadline`).toContain(deadline)
        // One deadline: no other future date than the reply-by day, unless the person gave it.
        const given = JSON.stringify(answers)
        const future = [...dates].filter(
          (date) =>
            date !== today &&
            date !== deadline &&
            new Date(date) > new Date() &&
            !given.includes(date),
        )
        expect(future, `${answers.type} has one deadline`).toEqual([])
        expect(pdfText).toContain(deadline)
      } else {
        expect(text, `${answers.type} asks no reply`).not.toMatch(
          /reply by|respond by|within \d+ days/i,
        )
      }
      // The document fingerprint is printed in the PDF and shown beside the letter.
      await visible(page.getByText('Fingerprint (SHA-256)'))
      expect(pdfText).toMatch(/SHA-256/)

      if (answers.type === 'Demand Letter') {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Add to calendar' }).click(),
        ])
        const ics = await readFile(await download.path(), 'utf8')
        const calendar = parseIcs(ics)
        const event = calendar.children.find((child) => child.name === 'VEVENT')
        if (!event) throw new Error('The calendar file has no event')
        const day = calendarDayOf(daysFromNow(answers.replyWithinDays ?? 30)).replaceAll('-', '')
        expect(propertyOf(event, 'DTSTART').value).toBe(day)
        expect(event.children.some((child) => child.name === 'VALARM')).toBe(true)
      }
      await page.goto('/app')
      await expectDashboard(page, 'User')
    }

    // My Letters tracks the asking types' replies and nothing for the others.
    await page.getByRole('tab', { name: /^My Letters/ }).click()
    for (const answers of SIX_LETTERS) {
      const article = page.getByRole('article').filter({ hasText: answers.matter })
      await visible(article)
      const days = answers.replyWithinDays ?? 30
      const due = article.getByText(`Reply due in ${days} days`)
      if (ASKING.includes(answers.type)) await visible(due)
      else expect(await article.getByText(/Reply due|Due today|Overdue/).count()).toBe(0)
    }
    await screenshot(page, 'my-letters-reply-tracking')
    await context.close()
  })

  it('warns when a demand letter gives less time than a state’s notice statute', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('statute'))
    await expectDashboard(page, 'User')
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    await page.getByRole('button', { name: 'More details' }).click()
    await page.getByLabel('Country', { exact: true }).fill('United States')
    await page.getByLabel('State or Province').fill('TX')
    await page.getByLabel('Reply Within (days)').fill('30')
    const link = page.getByRole('link', { name: /17\.505/ })
    await visible(link)
    expect(await link.getAttribute('href')).toContain('statutes.capitol.texas.gov')
    await screenshot(page, 'notice-period-warning')
    await page.getByLabel('Reply Within (days)').fill('60')
    await link.waitFor({ state: 'detached' })
    await context.close()
  })
})
