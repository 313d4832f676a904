import { describe, expect, it } from 'vitest'
import { strFromU8, unzipSync } from 'fflate'
import { openPdf, pdfPageTexts } from '../support/document-text'
import { expectDashboard, newAccount, signUp } from './support/accounts'
import { buyPlan } from './support/billing'
import { screenshot, setupBrowser } from './support/browser'
import { downloadFrom } from './support/downloads'
import { generateLetter, waitForGenerated } from './support/letters'
import { visible } from './support/wait'

const browser = setupBrowser()

/** A logo with no size of its own and no file type, as some systems hand an SVG over. */
const SVG_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100" fill="#7a1f2b"/><circle cx="50" cy="50" r="30" fill="#f2e6c9"/></svg>',
)
const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes)

describe('custom letterhead', () => {
  it("prints an Annual 8 Letters customer's letterhead, logo and all, on their PDF and Word letters", async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await signUp(page, newAccount('letterhead'))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Annual 8 Letters')
    await generateLetter(page)
    await waitForGenerated(page)

    await page.getByRole('button', { name: 'Settings' }).click()
    await page.waitForURL('**/app/settings')
    const section = page.getByRole('region', { name: 'Letterhead' })
    await section
      .getByLabel('Logo')
      .setInputFiles({ name: 'logo.svg', mimeType: '', buffer: SVG_LOGO })
    await visible(section.getByRole('img', { name: 'Logo preview' }))
    await section.getByLabel('Name block').fill('Lovelace & Partners LLP\n12 St James Square')
    await section.getByLabel('Accent colour').fill('#7a1f2b')
    await section.getByRole('button', { name: 'Save Letterhead' }).click()
    await visible(page.getByText('Letterhead saved'))
    await screenshot(page, 'settings-letterhead')

    await page.goto('/app?tab=letters')
    const letter = page.getByRole('article').first()
    const pdf = await downloadFrom(page, letter, 'PDF (.pdf)')
    expect(latin1(pdf.bytes)).toMatch(/\/Subtype \/Image/)
    const [first = ''] = await pdfPageTexts(await openPdf(pdf.bytes))
    expect(first.startsWith('Lovelace & Partners LLP\n12 St James Square')).toBe(true)
    expect(first).toMatch(/SHA-256 of the letter text: [0-9a-f]{8}( [0-9a-f]{8}){7}/)

    const docx = unzipSync((await downloadFrom(page, letter, 'Word (.docx)')).bytes)
    expect(Object.keys(docx)).toContain('word/media/image1.png')
    const headers = Object.entries(docx).filter(([name]) => /^word\/header\d+\.xml$/.test(name))
    expect(headers.map(([, xml]) => strFromU8(xml)).join('')).toContain(
      'Lovelace &amp; Partners LLP',
    )
    await context.close()
  })

  it('offers the letterhead with Annual 8 Letters to other customers, with the way to the plan', async () => {
    const context = await browser.newContext({ acceptDownloads: true })
    const page = await context.newPage()
    await signUp(page, newAccount('plain'))
    await expectDashboard(page, 'User')
    await buyPlan(page, 'Annual 4 Letters')

    await page.getByRole('button', { name: 'Settings' }).click()
    const section = page.getByRole('region', { name: 'Letterhead' })
    await visible(section.getByText('Custom letterhead comes with Annual 8 Letters.'))
    await expect(section.getByRole('button', { name: 'Save Letterhead' }).count()).resolves.toBe(0)
    await section.getByRole('link', { name: 'See the plans on the Subscription tab' }).click()
    await visible(page.getByRole('heading', { name: 'Annual 8 Letters', exact: true }))
    expect(page.url()).toContain('tab=subscription')
    await context.close()
  })
})
