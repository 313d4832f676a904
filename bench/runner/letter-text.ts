const PARAGRAPH =
  'We write on behalf of our client regarding the balance that remains unpaid under the services agreement between the parties. Despite the reminders sent on several occasions, the amount due has not been received, and the terms of the agreement require payment within thirty days of each invoice.'

/**
 * A demand letter with `paragraphs` body paragraphs: addresses, date,
 * salutation, the body and the close, as the composer lays a letter out.
 */
export function letterText(paragraphs: number): string {
  const body = Array.from({ length: paragraphs }, (_, index) => `${index + 1}. ${PARAGRAPH}`).join(
    '\n\n',
  )
  return [
    'Ada Lovelace\n12 St James Square\nLondon SW1Y 4JH',
    'November 22, 2026',
    'Charles Babbage\n1 Dorset Street\nLondon W1U 4EG',
    'Re: Unpaid invoice #1843',
    'Dear Mr Babbage:',
    body,
    'Please pay the outstanding balance of $2,400 within fourteen days of the date of this letter.',
    'Sincerely,\n\nAda Lovelace',
  ].join('\n\n')
}
