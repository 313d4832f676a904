import { asksForReply, type LetterDetails, replyWithinDays } from '../letter-details'
import { formatLetterDate } from '../letter-dates'
import { formatAmount, formatDay } from '../letter-format'
import { replyByFor } from '../reply-tracking'
import { keptDetails, type LetterRequest } from './request'

/**
 * Every answer of a request, with amounts and days written exactly as the
 * letter must write them (decision 030). The AI prompt sends this object as
 * its data block, and the output guard traces a letter's facts back to it, so
 * what the model was given and what counts as given are one and the same.
 */
export type WrittenAnswers = ReturnType<typeof writtenAnswers>

const days = (list: readonly string[] | undefined) => list?.map(formatDay)

/** Drops the keys left without an answer, so the model sees only what was given. */
function given<T extends Record<string, unknown>>(object: T): Partial<T> | undefined {
  const kept = Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined))
  return Object.keys(kept).length === 0 ? undefined : (kept as Partial<T>)
}

function writtenSection(details: LetterDetails) {
  const { demand, cease, notice, business, recommendation, corporate } = details
  return given({
    demand:
      demand &&
      given({
        amount:
          demand.amountCents === undefined
            ? undefined
            : formatAmount(demand.amountCents, demand.currency),
        amountFor: demand.amountFor,
        dueDates: days(demand.dueDates),
        previousRequests: days(demand.previousRequests),
        paymentInstructions: demand.paymentInstructions,
      }),
    cease:
      cease &&
      given({
        conduct: cease.conduct,
        conductSince: cease.conductSince && formatDay(cease.conductSince),
        rightInfringed: cease.rightInfringed,
        evidence: cease.evidence,
        actionsDemanded: cease.actionsDemanded,
      }),
    notice: notice && given({ ...notice }),
    business: business && given({ ...business }),
    recommendation: recommendation && given({ ...recommendation }),
    corporate:
      corporate &&
      given({
        ...corporate,
        meetingDate: corporate.meetingDate && formatDay(corporate.meetingDate),
        recordDate: corporate.recordDate && formatDay(corporate.recordDate),
      }),
  })
}

/** The request's answers as the letter writes them, dated `date`. */
export function writtenAnswers(request: LetterRequest, date: Date) {
  const details = keptDetails(request)
  const replyBy = replyByFor(request.type, details, date)
  const asking = asksForReply(request.type)
  const { followUp } = details
  return {
    letterType: request.type,
    date: formatLetterDate(date),
    ...given({
      responseDeadline: replyBy && formatDay(replyBy),
      replyWithinDays: asking ? replyWithinDays(details) : undefined,
      withoutPrejudice: details.settlementOffer === true ? true : undefined,
    }),
    senderName: request.senderName,
    ...given({
      senderTitle: details.senderTitle,
      senderCompany: details.senderCompany,
    }),
    senderAddress: request.senderAddress,
    ...given({ senderPhone: details.senderPhone, senderEmail: details.senderEmail }),
    recipientName: request.recipientName,
    ...given({
      recipientTitle: details.recipientTitle,
      recipientCompany: details.recipientCompany,
    }),
    recipientAddress: request.recipientAddress,
    matter: request.matter,
    resolution: request.resolution,
    ...given({
      reference: details.reference,
      deliveryMethod: details.deliveryMethod,
      country: details.country,
      region: details.region,
      // The first letter is cited by its date and reference; its id is the app's own link.
      firstLetter:
        followUp && given({ date: formatDay(followUp.date), reference: followUp.reference }),
      enclosures: details.enclosures,
      cc: details.cc,
    }),
    ...writtenSection(details),
  }
}
