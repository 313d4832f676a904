/**
 * Pre-suit notice periods set by statute: before suing under these consumer
 * protection laws, the claimant must send a written demand and wait this many
 * days. Each entry carries its citation and the statute's text online; add an
 * entry only with both. This is information for the sender, not legal advice.
 */
export type NoticePeriod = {
  /** Country and the state's full name and postal code, as a person may type them. */
  country: 'United States'
  region: string
  regionCode: string
  days: number
  law: string
  citation: string
  url: string
}

export const NOTICE_PERIODS: readonly NoticePeriod[] = [
  {
    country: 'United States',
    region: 'Massachusetts',
    regionCode: 'MA',
    days: 30,
    law: 'Massachusetts Consumer Protection Act',
    citation: 'Mass. Gen. Laws ch. 93A, § 9(3)',
    url: 'https://malegislature.gov/Laws/GeneralLaws/PartI/TitleXV/Chapter93A/Section9',
  },
  {
    country: 'United States',
    region: 'Texas',
    regionCode: 'TX',
    days: 60,
    law: 'Texas Deceptive Trade Practices Act',
    citation: 'Tex. Bus. & Com. Code § 17.505(a)',
    url: 'https://statutes.capitol.texas.gov/Docs/BC/htm/BC.17.htm#17.505',
  },
  {
    country: 'United States',
    region: 'California',
    regionCode: 'CA',
    days: 30,
    law: 'California Consumers Legal Remedies Act',
    citation: 'Cal. Civ. Code § 1782(a)',
    url: 'https://leginfo.legislature.ca.gov/faces/codes_displaySection.xhtml?lawCode=CIV&sectionNum=1782',
  },
  {
    country: 'United States',
    region: 'Georgia',
    regionCode: 'GA',
    days: 30,
    law: 'Georgia Fair Business Practices Act',
    citation: 'O.C.G.A. § 10-1-399(b)',
    url: 'https://law.justia.com/codes/georgia/title-10/chapter-1/article-15/part-2/section-10-1-399/',
  },
]

const UNITED_STATES = ['united states', 'united states of america', 'usa', 'us', 'u.s.', 'u.s.a.']

const normalized = (text: string | undefined) =>
  (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ')

/** The statutory notice period of a jurisdiction, as typed (`Massachusetts` or `MA`), if one is known. */
export function noticePeriodFor(
  country: string | undefined,
  region: string | undefined,
): NoticePeriod | undefined {
  const place = normalized(region)
  if (place === '') return undefined
  const where = normalized(country)
  if (where !== '' && !UNITED_STATES.includes(where)) return undefined
  return NOTICE_PERIODS.find(
    (entry) => normalized(entry.region) === place || normalized(entry.regionCode) === place,
  )
}

/** The warning the form shows when a demand letter gives less time than the statute requires. */
export function noticePeriodWarning(
  period: NoticePeriod,
  replyWithinDays: number,
): string | undefined {
  if (replyWithinDays >= period.days) return undefined
  return (
    `${period.region} requires at least ${period.days} days' written notice before a claim under ` +
    `the ${period.law} (${period.citation}); Reply Within is ${replyWithinDays} days. ` +
    'This is information, not legal advice.'
  )
}
