/** The kinds of letter Letterhead writes; plain data, so the landing page can list them without the schemas. */
export const LETTER_TYPES = [
  'Demand Letter',
  'Cease and Desist',
  'Legal Notice',
  'Business Letter',
  'Recommendation Letter',
  'Corporate Document',
] as const
export type LetterType = (typeof LETTER_TYPES)[number]
