import { describe, expect, it } from 'vitest'
import { expectDashboard, newAccount, signOut, signUp } from './support/accounts'
import { screenshot, setupBrowser } from './support/browser'
import { buyPlan } from './support/billing'
import {
  SAMPLE_ANSWERS,
  generateLetter,
  signUpWithOneLetter,
  waitForGenerated,
  backToMyLetters,
} from './support/letters'
import { visible } from './support/wait'
import { downloadFrom } from './support/downloads'
import { docxParagraphs, openPdf, pdfPageTexts, zipParts } from '../support/document-text'

const browser = setupBrowser()

describe('letters', () => {
  it('generates a letter through the overlay and lists it Ready in My Letters', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('writer'))
    await expectDashboard(page, 'User')
    await visible(page.getByRole('tab', { name: 'My Letters (0)' }))
    await buyPlan(page)
    await screenshot(page, 'generate-form-desktop')

    await generateLetter(page)
    const dialog = page.getByRole('dialog')
    await visible(dialog)
    await visible(dialog.getByRole('progressbar'))
    const values = new Set<string | null>()
    while ((await dialog.count()) > 0 && values.size < 4) {
      values.add(
        await dialog
          .getByRole('progressbar')
          .getAttribute('aria-valuenow')
          .catch(() => null),
      )
      if (values.has('50')) await screenshot(page, 'generation-overlay')
      await page.waitForTimeout(100)
    }
    expect([...values]).toEqual(expect.arrayContaining(['25', '50', '75', '100']))
    await waitForGenerated(page)
    // The letter opened on its page; the next letter starts with the same sender.
    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    expect(await page.getByLabel('Your Name').inputValue()).toMatch(/^Test writer/)
    expect(await page.getByLabel('Matter/Subject').inputValue()).toBe('')

    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const article = page.getByRole('article').filter({ hasText: SAMPLE_ANSWERS.matter })
    await visible(article)
    await visible(article.getByText('Ready', { exact: true }))
    expect(await article.textContent()).toContain('Łukasz Żółć')
    await visible(article.getByRole('button', { name: 'Download' }))
    await screenshot(page, 'my-letters-desktop')
    await context.close()
  })

  it('downloads the letter as TXT, PDF and DOCX with the right names and contents', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    // Only getting ready to export fetches the PDF font: no file has been asked for yet.
    const fontFetched = page.waitForRequest(/DejaVuSerif-Letter-[\w-]+\.ttf$/)
    await signUp(page, newAccount('exporter'))
    await expectDashboard(page, 'User')
    await buyPlan(page)
    await generateLetter(page, {
      ...SAMPLE_ANSWERS,
      type: 'Cease and Desist',
      recipientName: 'Σωκράτης Дмитрий',
    })
    await waitForGenerated(page)
    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    const article = page.getByRole('article').first()
    await visible(article)
    await article.getByRole('button', { name: 'Download' }).hover()
    await fontFetched

    const txt = await downloadFrom(page, article, 'Text (.txt)')
    expect(txt.name).toMatch(/^legal-letter-[0-9a-f-]{36}\.txt$/)
    const text = new TextDecoder().decode(txt.bytes)
    expect(text).toContain(`Re: ${SAMPLE_ANSWERS.matter}`)
    expect(text).toContain('Dear Σωκράτης Дмитрий:')
    await visible(page.getByText('Letter downloaded successfully!'))
    const id = txt.name.slice('legal-letter-'.length, -'.txt'.length)

    const pdf = await downloadFrom(page, article, 'PDF (.pdf)')
    expect(pdf.name).toBe(`legal-letter-${id}.pdf`)
    const pdfText = (await pdfPageTexts(await openPdf(pdf.bytes))).join('\n')
    expect(pdfText).toContain('Σωκράτης Дмитрий')
    expect(pdfText).toContain('Sincerely,')
    expect(pdfText).toContain(SAMPLE_ANSWERS.matter)

    const docx = await downloadFrom(page, article, 'Word (.docx)')
    expect(docx.name).toBe(`legal-letter-${id}.docx`)
    const paragraphs = docxParagraphs(zipParts(docx.bytes)['word/document.xml'] ?? '')
    expect(paragraphs).toContain(`Re: ${SAMPLE_ANSWERS.matter}`)
    expect(paragraphs).toContain('Dear Σωκράτης Дмитрий:')
    // Greek and Cyrillic are in the PDF's font: no character was shown as a blank.
    expect(await page.getByText(/as blanks/).count()).toBe(0)
    await context.close()
  })

  it('shares the PDF where the browser can, and offers an e-mail draft where it cannot', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUpWithOneLetter(page, 'sharer')
    const article = page.getByRole('article').first()

    // A share sheet that records what it was given.
    await page.evaluate(() => {
      const shared: Array<{ name: string; type: string; title?: string }> = []
      Object.assign(window, { shared })
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true })
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          for (const file of data.files ?? [])
            shared.push({ name: file.name, type: file.type, title: data.title })
          return Promise.resolve()
        },
      })
    })
    await article.getByRole('button', { name: 'Download' }).click()
    await page.getByRole('menuitem', { name: 'Share or Email' }).click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared))
      .toEqual([
        expect.objectContaining({
          name: expect.stringMatching(/^legal-letter-[0-9a-f-]{36}\.pdf$/),
          type: 'application/pdf',
          title: `Re: ${SAMPLE_ANSWERS.matter}`,
        }),
      ])

    // No file sharing at all: an e-mail draft with the letter in it.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'canShare', { configurable: true, value: undefined })
    })
    await article.getByRole('button', { name: 'Download' }).click()
    await page.getByRole('menuitem', { name: 'Share or Email' }).click()
    const draft = page.getByRole('link', { name: 'Open Email Draft' })
    await visible(draft)
    await screenshot(page, 'share-email-fallback')
    const href = (await draft.getAttribute('href')) ?? ''
    expect(href).toMatch(/^mailto:\?subject=/)
    expect(decodeURIComponent(href)).toContain(`Re: ${SAMPLE_ANSWERS.matter}`)
    expect(decodeURIComponent(href)).toContain('Dear Łukasz Żółć:')
    await page.getByRole('button', { name: 'Close', exact: true }).click()
    await draft.waitFor({ state: 'detached' })
    await context.close()
  })

  it('opens the letter, edits and saves it, regenerates it and restores the earlier text', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUpWithOneLetter(page, 'editor')
    await page.getByRole('link', { name: 'Open' }).click()
    await page.waitForURL('**/app/letters/*')
    await visible(page.getByText(`Re: ${SAMPLE_ANSWERS.matter}`))
    await screenshot(page, 'letter-view-desktop')

    await page.getByRole('button', { name: 'Edit Text' }).click()
    const text = page.getByLabel('Letter text', { exact: true })
    const original = await text.inputValue()
    await text.fill(`${original}\n\nP.S. Edited by hand.`)
    await page.getByRole('button', { name: 'Save Changes' }).click()
    const paper = page.getByRole('region', { name: 'Letter', exact: true })
    await visible(paper.getByText('P.S. Edited by hand.'))

    await page.getByRole('button', { name: 'Change Answers' }).click()
    await page.getByLabel('Matter/Subject').fill('Second unpaid invoice #2042')
    await page.getByRole('button', { name: 'Regenerate Letter' }).click()
    await visible(paper.getByText('Re: Second unpaid invoice #2042'))
    expect(await paper.getByText('P.S. Edited by hand.').count()).toBe(0)

    const versions = page.getByRole('region', { name: 'Previous versions' }).getByRole('listitem')
    await visible(versions.first())
    expect(await versions.count()).toBe(2)
    await versions
      .filter({ hasText: 'Before regenerating' })
      .getByRole('button', { name: 'Restore' })
      .click()
    await visible(paper.getByText('P.S. Edited by hand.'))
    expect(await paper.getByText('Re: Second unpaid invoice #2042').count()).toBe(0)
    await visible(page.getByRole('heading', { name: SAMPLE_ANSWERS.matter }))
    await screenshot(page, 'letter-view-versions')
    await context.close()
  })

  it("gives another user the 404 screen for a letter's address", async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUpWithOneLetter(page, 'owner')
    await page.getByRole('link', { name: 'Open' }).click()
    await page.waitForURL('**/app/letters/*')
    const address = new URL(page.url()).pathname

    await signOut(page)
    await signUp(page, newAccount('intruder'))
    await expectDashboard(page, 'User')
    await page.goto(address)
    await visible(page.getByRole('heading', { name: 'Page Not Found' }))
    expect(await page.getByText(SAMPLE_ANSWERS.matter).count()).toBe(0)
    await context.close()
  })

  it('keeps a half-written letter while the person looks at another tab', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await signUp(page, newAccount('drafter'))
    await expectDashboard(page, 'User')
    await page.getByLabel('Matter/Subject').fill('Noise from the workshop next door')
    await page.getByRole('tab', { name: 'My Letters (0)' }).click()
    await visible(page.getByText('No letters generated yet'))
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    expect(await page.getByLabel('Matter/Subject').inputValue()).toBe(
      'Noise from the workshop next door',
    )
    await context.close()
  })

  it('looks right on a phone', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await signUp(page, newAccount('phone'))
    await expectDashboard(page, 'User')
    await buyPlan(page)
    await page.getByRole('tab', { name: 'Generate Letter' }).click()
    await screenshot(page, 'generate-form-phone')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await generateLetter(page)
    await waitForGenerated(page)
    await backToMyLetters(page)
    await page.getByRole('tab', { name: 'My Letters (1)' }).click()
    await visible(page.getByRole('article'))
    await screenshot(page, 'my-letters-phone')
    await page.getByRole('link', { name: 'Open' }).click()
    await visible(page.getByText(`Re: ${SAMPLE_ANSWERS.matter}`))
    await screenshot(page, 'letter-view-phone')
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true)
    await context.close()
  })
})
