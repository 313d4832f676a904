import type { LetterType } from '@/domain/letter-schema'

/**
 * Every word the landing pages show lives here, so marketing copy and figures
 * can change without touching a component.
 */

export type NavLink = { id: string; label: string }
export type Titled = { title: string; body: string }

export const LANDING_NAV: readonly NavLink[] = [
  { id: 'about', label: 'About' },
  { id: 'services', label: 'Services' },
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'contact', label: 'Contact' },
]

export const HERO = {
  eyebrow: 'Formal legal letters, drafted in minutes',
  title: 'Letters that carry',
  titleAccent: 'weight.',
  lede: 'Letterhead drafts demand letters, cease and desist letters, legal notices and more: properly structured, ready to sign, and written right here in your browser, even offline.',
  primaryCta: 'Start a letter',
  secondaryCta: 'See what we write',
}

/** The headline figures; edit them here and every page that quotes them follows. */
export const STATS: readonly { value: string; label: string }[] = [
  { value: '10,000+', label: 'users' },
  { value: '50,000+', label: 'letters written' },
  { value: '99.9%', label: 'accuracy' },
]

/** The sample letter drawn in the hero; fictional names, nothing is sent anywhere. */
export const SAMPLE_LETTER = {
  label: 'A sample demand letter drafted with Letterhead',
  badge: 'Ready: PDF · DOCX · TXT',
  sender: 'Harper & Vale Carpentry',
  senderAddress: '14 Wharf Street, Portland, OR 97209',
  date: 'March 3, 2025',
  recipient: 'Mr. Daniel Ashworth',
  recipientAddress: '220 Alder Road, Salem, OR 97301',
  reference: 'Re: Unpaid invoice HV-2291 ($4,180.00)',
  salutation: 'Dear Mr. Ashworth:',
  opening: 'We write about the balance of $4,180.00, now sixty days overdue despite two reminders.',
  demand: 'Please settle the full amount within 30 days of the date of this letter.',
  closing: 'Yours sincerely,',
  signature: 'Eleanor Vale',
}

export const ABOUT = {
  eyebrow: 'About Letterhead',
  title: 'The firm tone of a lawyer’s letter, without the lawyer’s bill.',
  body: [
    'Most disputes end with a letter. A clear, formal one, with dates, references and a deadline, is often all it takes for a debt to be paid or a nuisance to stop.',
    'Letterhead puts that letter within reach. Tell it who you are, who you are writing to and what you want done; it drafts the letter in the register a recipient takes seriously, and you finish it in your own words.',
  ],
  principles: [
    {
      title: 'Drafted on your device',
      body: 'The built-in composer works offline, and your letters stay in this browser unless you export them.',
    },
    {
      title: 'Formal by default',
      body: 'Proper salutations, dated references, a clear request and a deadline to answer it.',
    },
    {
      title: 'Yours to finish',
      body: 'Read every line, change what you like, then sign it and send it yourself.',
    },
  ] satisfies Titled[],
}

export const SERVICES = {
  eyebrow: 'Services',
  title: 'Six kinds of letter, each with its own structure.',
  lede: 'Choose the letter that fits the matter; Letterhead follows the conventions that kind of letter is expected to keep.',
}

/** One line per letter type; typed by the catalogue so a new type cannot ship without one. */
export const SERVICE_DESCRIPTIONS: Record<LetterType, string> = {
  'Demand Letter': 'Ask for money owed or a promise kept, with a firm deadline to respond.',
  'Cease and Desist': 'Tell someone to stop harassment, infringement or a breach, on the record.',
  'Legal Notice': 'Give formal written notice of a claim, a termination or an intended action.',
  'Business Letter': 'Write to clients, suppliers and partners in a measured, professional tone.',
  'Recommendation Letter':
    'Vouch for a colleague, tenant or student in a letter that carries weight.',
  'Corporate Document': 'Draft resolutions, notices to members and other formal company papers.',
}

export type FeatureKey = 'generation' | 'templates' | 'download' | 'support'

export const FEATURES_INTRO = {
  eyebrow: 'Features',
  title: 'Everything between a grievance and a signed letter.',
}

export const FEATURES: readonly (Titled & { key: FeatureKey })[] = [
  {
    key: 'generation',
    title: 'AI letter generation',
    body: 'Describe the matter and the outcome you want. The built-in composer drafts it instantly, offline; connect an AI model when you want more.',
  },
  {
    key: 'templates',
    title: 'Professional templates',
    body: 'Six formal templates with the structure, tone and references each kind of letter needs.',
  },
  {
    key: 'download',
    title: 'PDF, DOCX and email',
    body: 'Download your letter as PDF, Word or plain text, or share it straight to email.',
  },
  {
    key: 'support',
    title: '24/7 support',
    body: 'Letterhead works at any hour, with or without a connection, and our inbox never closes.',
  },
]

export const CONTACT = {
  eyebrow: 'Contact',
  title: 'Write to us.',
  lede: 'A question about a plan, a letter or your account? Send us a message and we will answer by email.',
  notes: [
    'We read every message ourselves.',
    'Please do not send details of a case: we cannot advise on it.',
  ],
  submit: 'Send Message',
  sent: 'Thank you — your message has been sent.',
  failed: 'Your message could not be sent. Please try again.',
}

export const FOOTER = {
  skipLink: 'Skip to content',
  navLabel: 'On this page',
  tagline: 'Formal letters, drafted in your browser.',
  disclaimer:
    'Letterhead is not a law firm and does not give legal advice. The letters it drafts are a starting point for you to review; for advice about your situation, consult a qualified lawyer.',
  rights: 'All rights reserved.',
}

/* The simpler page at /old. */

export const OLD_NAV: readonly NavLink[] = [
  { id: 'how-it-works', label: 'How it works' },
  { id: 'features', label: 'Features' },
  { id: 'pricing', label: 'Pricing' },
]

export const OLD_HERO = {
  eyebrow: 'Letterhead',
  title: 'Professional legal letters in minutes',
  lede: 'Generate formal letters, review them, and download them instantly as PDF, Word or text.',
  primaryCta: 'Start a letter',
  secondaryCta: 'See pricing',
}

export const STEPS_INTRO = { eyebrow: 'How it works', title: 'Three steps to a signed letter.' }

export const STEPS: readonly Titled[] = [
  {
    title: 'Create an account',
    body: 'Sign up in a minute; your account and letters live in this browser.',
  },
  {
    title: 'Describe your matter',
    body: 'Who is writing, to whom, about what, and what you want done.',
  },
  {
    title: 'Download your letter',
    body: 'Review the draft, then download it as PDF, Word or text, or email it.',
  },
]

export const PRICING = {
  eyebrow: 'Pricing',
  title: 'Pay per letter, or by the year.',
  popular: 'Most Popular',
  select: 'Select Plan',
  note: 'Prices in US dollars. Annual plans’ letters can be used for 365 days from purchase.',
}
