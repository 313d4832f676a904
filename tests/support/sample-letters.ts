/** A letter as the composer writes it, with every optional part. */
export const FULL_LETTER = [
  'Ada Lovelace\nLovelace & Partners LLP\n12 St James Square\nLondon SW1Y 4JH\nada@lovelace.example',
  'November 22, 2026',
  'Via Certified Mail, Return Receipt Requested',
  'WITHOUT PREJUDICE',
  'Charles Babbage\nDifference Engines Ltd\n1 Dorset Street\nLondon W1U 4EG',
  'Re: Unpaid invoice #1843 of March 3, 2026\nYour reference: CB/77',
  'Dear Mr Babbage:',
  'We write on behalf of our client about the invoice that remains unpaid.',
  'To settle this matter, you must:\n1. pay $2,400.00 by December 22, 2026;\n2. confirm the payment in writing; and\n3. keep the goods insured until then.',
  'If we do not hear from you by December 22, 2026, our client will take further steps.',
  'Sincerely,',
  '______________________________',
  'Ada Lovelace\nManaging Partner\nLovelace & Partners LLP',
  'Enclosures:\nInvoice #1843\nDelivery note of March 3, 2026',
  'cc: Mary Somerville',
].join('\n\n')
