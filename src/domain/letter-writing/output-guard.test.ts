import { describe, expect, it } from 'vitest'
import { letterFromAnswers } from '../../../tests/support/letter-from-answers'
import { cleanModelOutput, MAX_LETTER_CHARS, MIN_LETTER_CHARS, outputProblem } from './output-guard'
import type { LetterRequest } from './request'

const NOV_22 = new Date(2026, 10, 22, 9, 30)

const REQUEST: LetterRequest = {
  type: 'Demand Letter',
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street\nSpringfield, IL 62701',
  recipientName: 'Acme Widgets LLC',
  recipientAddress: '500 Market Street\nSan Francisco, CA 94105',
  matter: 'Unpaid invoice #1042',
  resolution: 'Pay the outstanding balance of $2,500 in full.',
}

const LETTER = letterFromAnswers(REQUEST, NOV_22)

describe('cleanModelOutput', () => {
  it('removes Markdown a model adds despite being asked not to', () => {
    const reply = [
      '```text',
      '# Demand Letter',
      '**Jane Whitfield**  ',
      '> 12 Oak Street',
      '',
      '---',
      '',
      '* Please pay *promptly* and __in full__.',
      '- See [the invoice](https://example.com/1042) and `clause 4`.',
      '```',
    ].join('\n')
    expect(cleanModelOutput(reply, REQUEST)).toBe(
      [
        'Demand Letter',
        'Jane Whitfield',
        '12 Oak Street',
        '',
        'Please pay promptly and in full.',
        'See the invoice and clause 4.',
      ].join('\n'),
    )
  })

  it('keeps the line to sign on, which Markdown would read as a rule', () => {
    const reply =
      'Sincerely,\n\n______________________________\nJane Whitfield\n\n---\n\n__Enclosures__'
    expect(cleanModelOutput(reply, REQUEST)).toBe(
      'Sincerely,\n\n______________________________\nJane Whitfield\n\nEnclosures',
    )
  })

  it('removes HTML, keeping its line breaks and decoding its entities', () => {
    const reply = '<p>Dear <b>Acme</b>,</p><p>Smith &amp; Sons<br/>owe &lt;$5&gt;</p>'
    expect(cleanModelOutput(reply, REQUEST)).toBe('Dear Acme,\n\nSmith & Sons\nowe <$5>')
  })

  it('keeps markup the person typed, exactly as typed', () => {
    const request: LetterRequest = {
      ...REQUEST,
      recipientName: '*Star* Traders <b>Ltd</b>',
      matter: 'Clause __7__ and the `escrow` account',
      senderAddress: '# 4 Main St\n- Unit 2',
    }
    const reply = [
      `**${request.recipientName}**`,
      `Re: ${request.matter}`,
      `Jane Whitfield\n${request.senderAddress}`,
      '<i>Regards</i>',
    ].join('\n\n')
    expect(cleanModelOutput(reply, request)).toBe(
      [
        request.recipientName,
        `Re: ${request.matter}`,
        `Jane Whitfield\n${request.senderAddress}`,
        'Regards',
      ].join('\n\n'),
    )
  })

  it('unifies line endings, trims lines and collapses runs of blank lines', () => {
    expect(cleanModelOutput('\r\n  Dear Sir:  \r\n\r\n\r\n\r\nSincerely,\r\n', REQUEST)).toBe(
      'Dear Sir:\n\nSincerely,',
    )
  })

  it('keeps markup typed in the answers to the guided questions', () => {
    const request: LetterRequest = {
      ...REQUEST,
      details: { reference: '*A*-__7__', cc: ['# Legal team'] },
    }
    expect(cleanModelOutput('Ref: *A*-__7__\n\n# Legal team\n\n**Sincerely**', request)).toBe(
      'Ref: *A*-__7__\n\n# Legal team\n\nSincerely',
    )
  })

  it('leaves a plain letter as it is', () => {
    expect(cleanModelOutput(LETTER, REQUEST)).toBe(LETTER)
  })
})

describe('outputProblem', () => {
  it('accepts a finished letter', () => {
    expect(LETTER.length).toBeGreaterThan(MIN_LETTER_CHARS)
    expect(outputProblem(LETTER, REQUEST, NOV_22)).toBeNull()
  })

  it('accepts names a model wrapped onto another line', () => {
    const wrapped = LETTER.replace('Dear Acme Widgets LLC:', 'Dear Acme\nWidgets  LLC:').replaceAll(
      'Acme Widgets LLC\n',
      'Acme\nWidgets LLC\n',
    )
    expect(outputProblem(wrapped, REQUEST, NOV_22)).toBeNull()
  })

  it.each([
    ['the recipient’s name', REQUEST.recipientName],
    ['the sender’s name', REQUEST.senderName],
    ['the response deadline', 'December 22, 2026'],
  ])('refuses a letter that leaves out %s', (what, value) => {
    const without = LETTER.replaceAll(value, 'someone')
    expect(outputProblem(without, REQUEST, NOV_22)).toBe(
      `The AI model's letter leaves out ${what} (${value}).`,
    )
  })

  it('checks the deadline counted from the letter’s own date', () => {
    expect(outputProblem(LETTER, REQUEST, new Date(2026, 10, 23))).toMatch(
      /leaves out the response deadline \(December 23, 2026\)/,
    )
  })

  it('requires the reply-by day counted from Reply Within, for the types that ask a reply', () => {
    const request: LetterRequest = { ...REQUEST, details: { replyWithinDays: 10 } }
    expect(outputProblem(letterFromAnswers(request, NOV_22), request, NOV_22)).toBeNull()
    expect(outputProblem(LETTER, request, NOV_22)).toBe(
      "The AI model's letter leaves out the response deadline (December 2, 2026).",
    )
  })

  it.each(['Recommendation Letter', 'Corporate Document'] as const)(
    'needs no deadline in a %s, and refuses one that asks its reader to reply by a date',
    (type) => {
      const request: LetterRequest = { ...REQUEST, type, details: { replyWithinDays: 10 } }
      const letter = letterFromAnswers(request, NOV_22)
      expect(letter).not.toContain('December')
      expect(outputProblem(letter, request, NOV_22)).toBeNull()
      const asking = letter.replace(
        'Sincerely,',
        'Kindly confirm your receipt of this letter no later than\nDecember 2, 2026.\n\nSincerely,',
      )
      expect(outputProblem(asking, request, NOV_22)).toBe(
        `The AI model's letter asks its reader to reply by a deadline ("confirm your receipt of ` +
          `this letter no later than December 2, 2026"), which a ${type} does not do.`,
      )
    },
  )

  it.each([
    'Please respond within 14 days.',
    'I would ask you to reply on or before 12/02/2026.',
    'Let me know by Friday, December 4 whether you accept.',
    'Please RSVP before the 1st of December.',
  ])('refuses a recommendation that asks: %s', (sentence) => {
    const request: LetterRequest = { ...REQUEST, type: 'Recommendation Letter' }
    const letter = `${letterFromAnswers(request, NOV_22)}\n\n${sentence}`
    expect(outputProblem(letter, request, NOV_22)).toMatch(/asks its reader to reply by a deadline/)
  })

  it.each([
    'She responded to every request by the end of the day.',
    'I would be glad to answer any questions before she starts on June 1, 2027.',
    'I can confirm that she worked with us until June 30, 2024 and finished by May 1, 2024.',
    'Please do not hesitate to contact me if you need more information.',
    'The meeting will be held on December 15, 2026; proxies are due by December 14, 2026.',
  ])('accepts a recommendation or corporate letter that says: %s', (sentence) => {
    for (const type of ['Recommendation Letter', 'Corporate Document'] as const) {
      const request: LetterRequest = { ...REQUEST, type }
      const letter = `${letterFromAnswers(request, NOV_22)}\n\n${sentence}`
      expect(outputProblem(letter, request, NOV_22)).toBeNull()
    }
  })

  it('refuses a letter shorter than 300 or longer than 20,000 characters', () => {
    const short = 'Jane Whitfield to Acme Widgets LLC: pay by December 22, 2026.'
    expect(outputProblem(short, REQUEST, NOV_22)).toBe(
      `The AI model's letter is too short (${short.length} characters; a letter has at least 300).`,
    )
    const long = `${LETTER}\n\n${'More. '.repeat(MAX_LETTER_CHARS / 6)}`
    expect(outputProblem(long, REQUEST, NOV_22)).toMatch(
      /^The AI model's letter is too long \(\d+ characters; the limit is 20,000\)\.$/,
    )
    expect(outputProblem(LETTER.padEnd(MAX_LETTER_CHARS, '.'), REQUEST, NOV_22)).toBeNull()
  })

  it('refuses an empty answer', () => {
    expect(outputProblem(' \n ', REQUEST, NOV_22)).toBe('The AI model returned an empty answer.')
  })

  it.each(['[Your Name]', '[Insert date]', '{{recipient}}', '<Your Address>'])(
    'refuses a letter with the placeholder %s',
    (marker) => {
      expect(outputProblem(`${LETTER}\n\n${marker}`, REQUEST, NOV_22)).toBe(
        `The AI model's letter contains the placeholder "${marker}" instead of your details.`,
      )
    },
  )

  it('keeps a bracketed phrase typed in the answers to the guided questions', () => {
    const request: LetterRequest = {
      ...REQUEST,
      details: { enclosures: ['Photo [Exhibit A]'], cease: { evidence: 'x' } },
    }
    const letter = `${letterFromAnswers(request, NOV_22)}\n\nSee Photo [Exhibit A].`
    expect(outputProblem(letter, request, NOV_22)).toBeNull()
    expect(outputProblem(`${LETTER}\n\n[Insert exhibit]`, request, NOV_22)).toMatch(/placeholder/)
  })

  it('keeps a bracketed phrase the person typed themselves', () => {
    const request = { ...REQUEST, matter: 'Clause [Date] of our contract' }
    const letter = letterFromAnswers(request, NOV_22)
    expect(outputProblem(letter, request, NOV_22)).toBeNull()
    expect(
      outputProblem(`${LETTER}\n\nthe goods [sic] and section [4]`, REQUEST, NOV_22),
    ).toBeNull()
  })
})
