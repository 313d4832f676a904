import { formatCents } from '@/domain/money'
import { htmlOfText } from './html'
import type { Mail } from './mail'

/**
 * The words of each mail Letterhead sends (decision 034): plain text with
 * an HTML part from the same words, a subject that says what it is, and
 * never a card number, a password or anything the person did not give us.
 */

const SIGNATURE = '— Letterhead'

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
const twoDigits = (n: number) => String(n).padStart(2, '0')
/** `November 25, 2026, 09:00 UTC`: the day in words, the time on a 24-hour clock, said to be UTC. */
const utc = (at: Date) =>
  `${date.format(at)}, ${twoDigits(at.getUTCHours())}:${twoDigits(at.getUTCMinutes())} UTC`

function mail(to: string, subject: string, lines: Array<string | null>): Mail {
  const text = `${lines.filter((line) => line !== null).join('\n')}\n`
  return { to, subject, text, html: htmlOfText(text) }
}

export type ResetMailInput = { to: string; fullName: string; link: string; validMinutes: number }

export function resetMail({ to, fullName, link, validMinutes }: ResetMailInput): Mail {
  return mail(to, 'Reset your Letterhead password', [
    `Hello ${fullName},`,
    '',
    `Someone asked to reset the password of your Letterhead account (${to}). To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once, within ${validMinutes} minutes. Setting a new password signs you out on every device.`,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
    '',
    SIGNATURE,
  ])
}

export type ReceiptMailInput = {
  to: string
  fullName: string
  planName: string
  letters: number
  listCents: number
  discountCents: number
  discountPercent: number
  priceCents: number
  couponCode: string | null
  cardBrand: string | null
  cardLast4: string | null
  expiresAt: Date | null
  purchasedAt: Date
  receiptNumber: string
}

export function receiptMail(input: ReceiptMailInput): Mail {
  const letters = `${input.letters} ${input.letters === 1 ? 'letter' : 'letters'}`
  const validity = input.expiresAt ? `, to use by ${date.format(input.expiresAt)}` : ''
  const card =
    input.cardLast4 === null ? null : `Card: ${input.cardBrand ?? 'Card'} ending ${input.cardLast4}`
  return mail(
    input.to,
    `Your Letterhead receipt: ${input.planName}, ${formatCents(input.priceCents)}`,
    [
      `Hello ${input.fullName},`,
      '',
      'Thank you for your purchase. This is your receipt.',
      '',
      `Plan: ${input.planName} (${letters}${validity})`,
      `Price: ${formatCents(input.listCents)}`,
      input.couponCode === null
        ? null
        : `Coupon ${input.couponCode}: -${formatCents(input.discountCents)} (${input.discountPercent}%)`,
      `Paid: ${formatCents(input.priceCents)}`,
      `Date: ${utc(input.purchasedAt)}`,
      card,
      `Receipt number: ${input.receiptNumber}`,
      '',
      'Your letters are in your Letterhead account now.',
      '',
      SIGNATURE,
    ],
  )
}

export type CommissionMailInput = {
  to: string
  fullName: string
  couponCode: string
  planName: string
  saleCents: number
  commissionCents: number
  commissionPercent: number
  refundWindowDays: number
  soldAt: Date
}

export function commissionMail(input: CommissionMailInput): Mail {
  return mail(
    input.to,
    `You earned a ${formatCents(input.commissionCents)} Letterhead commission`,
    [
      `Hello ${input.fullName},`,
      '',
      `A customer bought the ${input.planName} plan with your coupon code ${input.couponCode}.`,
      '',
      `Sale: ${formatCents(input.saleCents)}`,
      `Your commission (${input.commissionPercent}%): ${formatCents(input.commissionCents)}`,
      `Date: ${utc(input.soldAt)}`,
      '',
      `The commission is pending: it is approved once the ${input.refundWindowDays}-day refund window has passed, and paid with the next payout after that. Your Employee Portal lists every commission.`,
      '',
      SIGNATURE,
    ],
  )
}
