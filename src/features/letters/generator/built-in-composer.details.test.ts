import { describe, expect, it } from 'vitest'
import type { LetterDetails } from '@/domain/letter-details'
import type { LetterType } from '@/domain/letter-schema'
import { composeLetter } from './built-in-composer'
import type { LetterRequest } from './letter-generator'

const NOV_22 = new Date(2026, 10, 22, 9, 30)
const FIRST_LETTER = '0b7f8e0e-8c5f-4c3e-9d1e-2f0a7c1b9a11'

const SENDER: LetterDetails = {
  senderTitle: 'Owner',
  senderCompany: 'Harper & Vale Carpentry LLC',
  senderPhone: '(617) 555-0142',
  senderEmail: 'jane@harpervale.com',
}

const request = (type: LetterType, details: LetterDetails, more: Partial<LetterRequest> = {}) =>
  ({
    type,
    senderName: 'Jane Whitfield',
    senderAddress: '12 Oak Street, Apt 4\nSpringfield, IL 62701',
    recipientName: 'Karen Whitfield, Whitfield Home Goods LLC',
    recipientAddress: '500 Market Street, Suite 200\nBoston, MA 02110',
    matter: 'Unpaid invoice HV-2291',
    resolution: 'Pay the full amount of $4,250.00',
    details,
    ...more,
  }) satisfies LetterRequest

const KAREN = request('Demand Letter', {
  ...SENDER,
  reference: 'HV-2291',
  deliveryMethod: 'Certified Mail, Return Receipt Requested',
  recipientTitle: 'Managing Member',
  recipientCompany: 'Whitfield Home Goods LLC',
  region: 'Massachusetts',
  replyWithinDays: 14,
  enclosures: ['Invoice HV-2291', 'Reminder of October 1, 2026'],
  cc: ['Thomas Reed, Esq.'],
  demand: {
    amountCents: 425_000,
    currency: 'USD',
    amountFor: 'shelving built and installed under invoice HV-2291',
    dueDates: ['2026-08-31'],
    previousRequests: ['2026-09-15', '2026-10-01'],
    paymentInstructions: 'By check payable to Harper & Vale Carpentry LLC.',
  },
})

const datesIn = (letter: string) => letter.match(/[A-Z][a-z]+ \d{1,2}, \d{4}/g) ?? []

describe('a demand letter with every answer (Karen Whitfield, $4,250.00)', () => {
  const letter = composeLetter(KAREN, NOV_22)
  const blocks = letter.split('\n\n')

  it('heads the letter as a lawyer would', () => {
    expect(blocks.slice(0, 6)).toEqual([
      'Jane Whitfield\nOwner\nHarper & Vale Carpentry LLC\n12 Oak Street, Apt 4\nSpringfield, IL 62701\n(617) 555-0142\njane@harpervale.com',
      'November 22, 2026',
      'Via Certified Mail, Return Receipt Requested',
      'Karen Whitfield\nManaging Member\nWhitfield Home Goods LLC\n500 Market Street, Suite 200\nBoston, MA 02110',
      'Re: Unpaid invoice HV-2291\nOur reference: HV-2291',
      'Dear Karen Whitfield:',
    ])
  })

  it('does not repeat the company when the address also starts with it', () => {
    const typedTwice = composeLetter(
      {
        ...KAREN,
        recipientAddress:
          'Whitfield Home Goods LLC\n500 Market Street, Suite 200\nBoston, MA 02110',
      },
      NOV_22,
    )
    expect(typedTwice.split('\n\n')[3]).toBe(blocks[3])
  })

  it('states the facts, the demand, one deadline and how to pay', () => {
    expect(blocks[6]).toBe(
      'The sum of $4,250.00 is due to Harper & Vale Carpentry LLC for shelving built and installed under invoice HV-2291. ' +
        'Payment fell due on August 31, 2026. I asked you for payment on September 15, 2026 and October 1, 2026, ' +
        'but the amount remains unpaid. This letter is my formal demand that you resolve the matter as set out below.',
    )
    expect(blocks[7]).toBe('Pay the full amount of $4,250.00.')
    expect(blocks[8]).toBe(
      'Please comply with this demand in full no later than December 6, 2026. Payment should be made as follows:',
    )
    expect(blocks[9]).toBe('By check payable to Harper & Vale Carpentry LLC.')
    expect(letter.split('December 6, 2026')).toHaveLength(2)
    expect(letter).toContain(
      'which may include filing a claim in the appropriate court in Massachusetts.',
    )
    expect(letter).not.toMatch(/criminal|prosecut|police/i)
  })

  it('closes with room to sign, the signature block, the enclosures and the copies', () => {
    expect(blocks.slice(-5)).toEqual([
      expect.stringContaining(
        'Copies of the documents listed at the end of this letter are enclosed.',
      ),
      'Sincerely,',
      '______________________________\nJane Whitfield\nOwner\nHarper & Vale Carpentry LLC',
      'Enclosures:\n1. Invoice HV-2291\n2. Reminder of October 1, 2026',
      'cc: Thomas Reed, Esq.',
    ])
  })
})

describe('a follow-up', () => {
  it('cites the first letter, says it went unanswered and is the final request', () => {
    const letter = composeLetter(
      request('Demand Letter', {
        settlementOffer: true,
        followUp: { letterId: FIRST_LETTER, date: '2026-10-01', reference: 'HV-2291' },
        enclosures: ['Repair quote'],
      }),
      NOV_22,
    )
    expect(letter).toContain('\n\nNovember 22, 2026\n\nWITHOUT PREJUDICE\n\n')
    expect(letter).toContain(
      'I wrote to you on October 1, 2026 (reference HV-2291) about the matter referred to above. ' +
        'You have not replied, and the matter remains unresolved. This is my final request before I take further steps.',
    )
    expect(letter).toContain('is not an admission of any kind')
    expect(letter).toContain('\n\nEnclosure: Repair quote')
    expect(datesIn(letter)).toEqual(['November 22, 2026', 'October 1, 2026', 'December 22, 2026'])
  })
})

describe('the other asking types with their answers', () => {
  it('a cease and desist names the conduct, the right and the steps, as a numbered list', () => {
    const letter = composeLetter(
      request('Cease and Desist', {
        cease: {
          conduct: 'you sell carpentry services as "Harper & Vale Woodworks"',
          conductSince: '2026-06-01',
          rightInfringed: 'Trademark',
          actionsDemanded: ['Remove the name from your website', 'Destroy printed materials'],
        },
      }),
      NOV_22,
    )
    expect(letter).toContain(
      'I write about the following conduct, which began on or about June 1, 2026: you sell carpentry services as "Harper & Vale Woodworks". This conduct infringes my trademark rights.',
    )
    expect(letter).toContain(
      'In particular, I require you to take the following steps:\n\n1. Remove the name from your website\n2. Destroy printed materials\n\n',
    )
    expect(letter.split('December 22, 2026')).toHaveLength(2)
  })

  it('a legal notice gives the contract, the clause and its cure period, but no second date', () => {
    const letter = composeLetter(
      request('Legal Notice', {
        notice: {
          noticeKind: 'Breach',
          agreement: 'Commercial Lease dated January 5, 2025',
          clause: '7.2',
          curePeriodDays: 15,
        },
      }),
      NOV_22,
    )
    expect(letter).toContain(
      'I refer to the Commercial Lease dated January 5, 2025 (the “Agreement”). This letter is formal notice that you are in breach of clause 7.2 of the Agreement.',
    )
    expect(letter).toContain(
      'The Agreement gives you a cure period of 15 days in which to remedy the breach',
    )
    expect(datesIn(letter)).toEqual(['November 22, 2026', 'January 5, 2025', 'December 22, 2026'])
    expect(letter.match(/take notice/gi)).toBeNull()
  })

  it('a business letter gives its purpose, proposal and next step in a courteous voice', () => {
    const letter = composeLetter(
      request('Business Letter', {
        business: {
          purpose: 'to propose a shared showroom',
          proposal: 'we split the rent equally',
          nextStep: 'a meeting in the week of December 7',
        },
      }),
      NOV_22,
    )
    expect(letter).toContain('I am writing to propose a shared showroom.')
    expect(letter).toContain(
      'Specifically, I propose we split the rent equally. To summarise my request:',
    )
    expect(letter).toContain('As a next step, I suggest a meeting in the week of December 7.')
    expect(letter).toContain('I would be grateful for your reply by December 22, 2026.')
    expect(letter).not.toMatch(/demand|legal|claim/i)
  })
})

describe('the types that ask nothing back', () => {
  it('a recommendation gives the candidate, the relationship and each strength with its example', () => {
    const letter = composeLetter(
      request(
        'Recommendation Letter',
        {
          replyWithinDays: 10,
          recommendation: {
            candidateName: 'Maria Lopez',
            relationship: 'her employer',
            knownFor: 'three years',
            candidateRole: 'a journeyman carpenter',
            recommendedFor: 'admission to the Preservation Carpentry program',
            strengths: [
              {
                strength: 'precision',
                example: 'she rebuilt sash windows to a sixty-fourth of an inch',
              },
              { strength: 'patience', example: 'She kept our hardest client for six months.' },
            ],
          },
        },
        {
          recipientName: 'Admissions Committee',
          resolution: 'I recommend her without reservation.',
        },
      ),
      NOV_22,
    )
    expect(letter).toContain(
      'It is my pleasure to recommend Maria Lopez for admission to the Preservation Carpentry program. I have known Maria for three years, as her employer. In that time, Maria has served as a journeyman carpenter.',
    )
    expect(letter).toContain(
      'Two qualities stand out. The first is precision. She rebuilt sash windows to a sixty-fourth of an inch.',
    )
    expect(letter).toContain('The second is patience. She kept our hardest client for six months.')
    expect(letter).toContain('To sum up: I recommend her without reservation.')
    expect(datesIn(letter)).toEqual(['November 22, 2026'])
    expect(letter).not.toMatch(/\brepl|respond|no later than/i)
  })

  it('opens a sentence with a strength typed with a capital, and introduces an instruction as the recommendation', () => {
    const letter = composeLetter(
      request(
        'Recommendation Letter',
        {
          recommendation: {
            candidateName: 'Ana Ruiz',
            strengths: [{ strength: 'Leadership', example: 'she led a team of five' }],
          },
        },
        { resolution: 'Admit Ana Ruiz to the program.' },
      ),
      NOV_22,
    )
    expect(letter).toContain(
      'Leadership is the quality that stands out most. She led a team of five.',
    )
    expect(letter).toContain('In short, my recommendation is this: Admit Ana Ruiz to the program.')
    const two = composeLetter(
      request('Recommendation Letter', {
        recommendation: {
          candidateName: 'Ana Ruiz',
          strengths: [
            { strength: 'Leadership', example: 'she led a team of five' },
            { strength: 'research', example: 'she ran our user interviews' },
          ],
        },
      }),
      NOV_22,
    )
    expect(two).toContain(
      'Two qualities stand out. Leadership is the first. She led a team of five.',
    )
    expect(two).toContain('The second is research. She ran our user interviews.')
  })

  it('a meeting notice sets out date, time, place, agenda, record date and quorum, and asks no reply', () => {
    const letter = composeLetter(
      request(
        'Corporate Document',
        {
          senderCompany: 'Harper & Vale Carpentry LLC',
          corporate: {
            documentKind: 'Meeting notice',
            meetingDate: '2026-12-15',
            meetingTime: '14:30',
            meetingPlace: '12 Oak Street, Springfield',
            agenda: ['Approval of the minutes', 'Approval of the 2027 budget'],
            recordDate: '2026-11-30',
            quorum: 'a majority of the membership interests',
          },
        },
        { recipientName: 'All Members of Harper & Vale Carpentry LLC' },
      ),
      NOV_22,
    )
    expect(letter).toContain('Dear Members of Harper & Vale Carpentry LLC:')
    expect(letter).toContain(
      'Notice is hereby given that the meeting referred to above will be held as set out below.\n\n' +
        'Date: Tuesday, December 15, 2026\nTime: 2:30 p.m.\nPlace: 12 Oak Street, Springfield\n\n' +
        'The business of the meeting will be as follows:\n\n1. Approval of the minutes\n2. Approval of the 2027 budget',
    )
    expect(letter).toContain(
      'is November 30, 2026. The quorum for the meeting is a majority of the membership interests.',
    )
    expect(letter).toContain('any proxy should reach me before the meeting begins')
    expect(letter).not.toMatch(/\brepl|respond|no later than|acknowledge/i)
  })

  it('a notice of a meeting already held speaks in the past and offers no proxy', () => {
    const letter = composeLetter(
      request('Corporate Document', {
        corporate: { documentKind: 'Resolution', meetingDate: '2026-11-10' },
      }),
      NOV_22,
    )
    expect(letter).toContain(
      'This notice sets out a resolution considered at the meeting set out below.\n\nDate: Tuesday, November 10, 2026\n\nThe text of the resolution is as follows:\n\nPay the full amount of $4,250.00.',
    )
    expect(letter).not.toContain('proxy')
  })
})
