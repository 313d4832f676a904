import type { Page } from 'playwright-core'

/**
 * One realistic set of answers per letter type, as a careful person would give
 * them, and the facts each finished letter must state.
 */
export type GuidedAnswers = {
  type: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
  /** Label → value for inputs, textareas and selects (selects by option label). */
  fields: Record<string, string>
  /** Behind More details. */
  more: Record<string, string>
  /** Labels of checkboxes to tick. */
  checks?: string[]
  replyWithinDays?: number
  /** Text every export of the letter must contain. */
  expect: string[]
}

const SENDER_MORE = {
  'Your Title': 'Owner',
  'Your Company': 'Mercer Design Studio',
  'Your Phone': '(617) 555-0142',
  'Your Email': 'dana@mercerdesign.example',
}

export const SIX_LETTERS: GuidedAnswers[] = [
  {
    type: 'Demand Letter',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'Karen Whitfield',
    recipientAddress: 'Whitfield Home Goods LLC\n900 Commerce Drive\nWorcester, MA 01608',
    matter: 'Unpaid invoice INV-2026-0142',
    resolution: 'Pay the full balance of $4,250.00.',
    fields: {
      'Amount Owed': '4,250.00',
      'What the Amount Is For': 'the website redesign delivered on July 15, 2026',
      'Date It Fell Due': '2026-08-31',
      'Previous Request Date': '2026-10-01',
      'Payment Instructions':
        'Pay by bank transfer to Mercer Design Studio, account 0042 1187, or by check payable to Mercer Design Studio.',
      'Reference Number': 'INV-2026-0142',
    },
    more: {
      ...SENDER_MORE,
      'Recipient Title': 'Managing Member',
      'Recipient Company': 'Whitfield Home Goods LLC',
      'Delivery Method': 'Certified Mail, Return Receipt Requested',
      Enclosures: 'Invoice INV-2026-0142\nEmail reminder of October 1, 2026',
      Country: 'United States',
      'State or Province': 'Massachusetts',
    },
    replyWithinDays: 30,
    expect: [
      'Via Certified Mail, Return Receipt Requested',
      'INV-2026-0142',
      '$4,250.00',
      'August 31, 2026',
      'October 1, 2026',
      'Enclosures',
      'Managing Member',
    ],
  },
  {
    type: 'Cease and Desist',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'Marcus Hale',
    recipientAddress: 'Hale Prints\n17 Mill Road\nLowell, MA 01852',
    matter: 'Use of the Mercer Design Studio name and logo',
    resolution: 'Stop selling products that carry our name or logo.',
    fields: {
      'The Conduct':
        'selling posters and mugs on your online shop that carry the Mercer Design Studio name and logo',
      'When It Began': '2026-09-14',
      'Right Infringed': 'Trademark',
      Evidence: 'screenshots of your shop taken on October 20, 2026, and two order receipts',
      'Actions Demanded':
        'Remove every listing that carries our name or logo\nDestroy your remaining stock of those products\nTell us how many units you sold',
      'Reference Number': 'MDS-TM-07',
    },
    more: { ...SENDER_MORE, 'Delivery Method': 'Email', Enclosures: 'Screenshots of the listings' },
    replyWithinDays: 10,
    expect: ['September 14, 2026', 'trademark', 'Remove every listing', 'MDS-TM-07', 'Via Email'],
  },
  {
    type: 'Legal Notice',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'Paul Ortega',
    recipientAddress: 'Ortega Property Management\n5 Elm Court\nCambridge, MA 02139',
    matter: 'Failure to repair the heating system at 48 Beacon Street',
    resolution: 'Repair the heating system so that the office is heated to at least 68°F.',
    fields: {
      'Kind of Notice': 'Breach',
      'Contract or Obligation': 'the commercial lease dated March 1, 2024',
      Clause: 'Section 7.2 (Repairs)',
      'Cure Period (days)': '10',
      'Reference Number': 'LEASE-48B',
    },
    more: { ...SENDER_MORE, 'Delivery Method': 'Hand Delivery' },
    replyWithinDays: 15,
    expect: ['Section 7.2 (Repairs)', 'March 1, 2024', 'LEASE-48B', 'By Hand Delivery'],
  },
  {
    type: 'Business Letter',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'Helen Park',
    recipientAddress: 'Northshore Print Co.\n220 Harbor Way\nSalem, MA 01970',
    matter: 'Proposal for a printing partnership',
    resolution: 'Agree a 12-month printing arrangement at the rates in the enclosed price list.',
    fields: {
      Purpose: 'to propose that Northshore Print Co. become our preferred printer',
      'Proposal or Request':
        'a 12-month arrangement under which we send you all of our print work at the rates in the enclosed price list',
      'Next Step': 'a 30-minute call next week to agree the terms',
    },
    more: { ...SENDER_MORE, Enclosures: 'Price list for 2027' },
    replyWithinDays: 21,
    expect: ['Northshore Print Co.', '30-minute call', 'Price list for 2027'],
  },
  {
    type: 'Recommendation Letter',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'Admissions Committee',
    recipientAddress: 'Graduate School of Design\n48 Quincy Street\nCambridge, MA 02138',
    matter: 'Recommendation for Ana Ruiz',
    resolution: 'Admit Ana Ruiz to the Master in Design Studies program.',
    fields: {
      Candidate: 'Ana Ruiz',
      'Their Role': 'Senior Designer',
      Relationship: 'her manager at Mercer Design Studio',
      'How Long You Have Known Them': 'four years',
      'Strength 1': 'Leadership',
      'Example of Strength 1':
        'she led a team of five through the rebranding of a regional hospital network',
      'Strength 2': 'Research',
      'Example of Strength 2':
        'she ran the user interviews that reshaped our largest client’s online store',
      'Strength 3': 'Reliability',
      'Example of Strength 3': 'she has not missed a client deadline in four years',
      'Recommended For': 'the Master in Design Studies program',
    },
    more: SENDER_MORE,
    expect: ['Ana Ruiz', 'four years', 'Leadership', 'Master in Design Studies'],
  },
  {
    type: 'Corporate Document',
    senderAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    recipientName: 'The Members of Mercer Design Studio LLC',
    recipientAddress: '48 Beacon Street, Suite 3\nBoston, MA 02108',
    matter: 'Notice of annual meeting of members',
    resolution: 'Attend the annual meeting of members or appoint a proxy.',
    fields: {
      'Document Kind': 'Meeting notice',
      'Meeting Date': '2027-01-15',
      'Meeting Time': '14:30',
      'Meeting Place': 'the conference room at 48 Beacon Street, Suite 3, Boston',
      'Agenda Items':
        'Approve the 2026 accounts\nElect the managers for 2027\nApprove the 2027 budget',
      'Record Date': '2026-12-31',
      Quorum: 'members holding a majority of the membership interests',
    },
    more: SENDER_MORE,
    expect: ['January 15, 2027', '2:30', 'Approve the 2026 accounts', 'December 31, 2026'],
  },
]

async function fillLabelled(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true })
  const tag = await field.evaluate((element) => element.tagName)
  if (tag === 'SELECT') await field.selectOption({ label: value })
  else await field.fill(value)
}

/** Fills the Generate form with every answer and submits it. */
export async function generateGuidedLetter(page: Page, answers: GuidedAnswers) {
  await page.getByRole('tab', { name: 'Generate Letter' }).click()
  await page.getByLabel('Letter Type').selectOption(answers.type)
  await page.getByLabel('Your Address').fill(answers.senderAddress)
  await page.getByLabel('Recipient Name').fill(answers.recipientName)
  await page.getByLabel('Recipient Address').fill(answers.recipientAddress)
  await page.getByLabel('Matter/Subject').fill(answers.matter)
  await page.getByLabel('Desired Resolution').fill(answers.resolution)
  for (const [label, value] of Object.entries(answers.fields))
    await fillLabelled(page, label, value)
  if (answers.replyWithinDays !== undefined)
    await page.getByLabel('Reply Within (days)').fill(String(answers.replyWithinDays))
  for (const label of answers.checks ?? []) await page.getByLabel(label).check()
  const more = page.getByRole('button', { name: 'More details' })
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click()
  for (const [label, value] of Object.entries(answers.more)) await fillLabelled(page, label, value)
  await page.getByRole('button', { name: 'Generate Legal Letter' }).click()
}
