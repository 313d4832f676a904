import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { createTestRepository, signUpWithLetters } from '@/data/test-support'
import { DEFAULT_ACCENT, letterheadSettingKey, SETTING_KEYS } from '@/domain/settings'
import { zipParts } from '../../../../tests/support/document-text'
import { pngDataUrl, testPng } from '../../../../tests/support/png'
import { FULL_LETTER } from '../../../../tests/support/sample-letters'
import { letterToDocx } from './docx'
import { type ExportOptions, readExportOptions } from './export-options'
import { letterToPdf } from './pdf'
import type { FontLoader } from './pdf-font'

const fontBytes = readFile(new URL('./fonts/DejaVuSerif-Letter.ttf', import.meta.url))
const loadFont: FontLoader = async () => new Uint8Array(await fontBytes)
const DAY = 86_400_000

const LETTERHEAD = {
  logo: pngDataUrl(testPng(240, 80, [31, 42, 68])),
  nameBlock: 'Lovelace & Partners LLP\n12 St James Square',
  accent: DEFAULT_ACCENT,
}

/** A customer on `plan` who saved a letterhead in Settings. */
async function customerWithLetterhead(plan: string) {
  const test = createTestRepository()
  const user = await signUpWithLetters(test.repo, `${plan}@example.com`, plan)
  await test.repo.settings.set(letterheadSettingKey(user.id), LETTERHEAD)
  return { ...test, user }
}

/** Whether the files written with these options carry the logo: a PDF image, a Word media file. */
async function brandingIn(options: ExportOptions) {
  const pdf = await letterToPdf(FULL_LETTER, { ...options, loadFont })
  const raw = new TextDecoder('latin1').decode(new Uint8Array(await pdf.arrayBuffer()))
  const docx = await letterToDocx(FULL_LETTER, options)
  const parts = zipParts(new Uint8Array(await docx.arrayBuffer()))
  return {
    pdfImage: /\/Subtype \/Image/.test(raw),
    docxMedia: Object.keys(parts).some((name) => name.startsWith('word/media/')),
    docxName: (parts['word/header2.xml'] ?? '').includes('Lovelace &amp; Partners LLP'),
  }
}

describe('readExportOptions', () => {
  it('prints the letterhead of an Annual 8 Letters customer on their PDF and Word files', async () => {
    const { repo } = await customerWithLetterhead('annual8')
    const options = await readExportOptions(repo)
    expect(options.letterhead?.nameLines).toEqual(['Lovelace & Partners LLP', '12 St James Square'])
    expect(options.letterhead?.logo).toMatchObject({ width: 240, height: 80 })
    expect(await brandingIn(options)).toEqual({ pdfImage: true, docxMedia: true, docxName: true })
  })

  it('leaves it off for other plans, even with one saved', async () => {
    const { repo } = await customerWithLetterhead('annual4')
    const options = await readExportOptions(repo)
    expect(options.letterhead).toBeNull()
    expect(await brandingIn(options)).toEqual({
      pdfImage: false,
      docxMedia: false,
      docxName: false,
    })
  })

  it('leaves it off once the Annual 8 Letters year is over', async () => {
    const { repo, advance } = await customerWithLetterhead('annual8')
    advance(364 * DAY)
    expect((await readExportOptions(repo)).letterhead).not.toBeNull()
    advance(2 * DAY)
    expect((await readExportOptions(repo)).letterhead).toBeNull()
  })

  it('leaves it off when the purchase was refunded', async () => {
    const { repo, db, user } = await customerWithLetterhead('annual8')
    const [purchase] = await db.subscriptions.where('userId').equals(user.id).toArray()
    await db.subscriptions.update(purchase?.id ?? '', { refundedAt: '2026-11-23T00:00:00.000Z' })
    expect((await readExportOptions(repo)).letterhead).toBeNull()
  })

  it('keeps the letterhead once the plan letters are all used', async () => {
    const { repo, db, user } = await customerWithLetterhead('annual8')
    const [purchase] = await db.subscriptions.where('userId').equals(user.id).toArray()
    await db.subscriptions.update(purchase?.id ?? '', { lettersUsed: 8 })
    expect((await repo.subscriptions.entitlements()).lettersLeft).toBe(0)
    expect((await readExportOptions(repo)).letterhead).not.toBeNull()
  })

  it('prints no letterhead that does not read as valid, and follows the page size setting', async () => {
    const { repo, user } = await customerWithLetterhead('annual8')
    await repo.settings.set(letterheadSettingKey(user.id), {
      ...LETTERHEAD,
      logo: 'data:image/gif;base64,R0lGOD',
    })
    await repo.settings.set(SETTING_KEYS.pdfPageSize, 'a4')
    expect(await readExportOptions(repo)).toEqual({ pageSize: 'a4', letterhead: null })
  })

  it("prints no one else's letterhead: it is kept per account", async () => {
    const { repo, user } = await customerWithLetterhead('annual8')
    await repo.auth.signOut()
    await signUpWithLetters(repo, 'other@example.com', 'annual8')
    expect((await readExportOptions(repo)).letterhead).toBeNull()
    expect(await repo.settings.get(letterheadSettingKey(user.id))).toEqual(LETTERHEAD)
  })
})
