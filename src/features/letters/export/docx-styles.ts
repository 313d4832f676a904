import {
  AlignmentType,
  convertInchesToTwip,
  type INumberingOptions,
  type IParagraphStyleOptions,
  LevelFormat,
} from 'docx'
import type { BlockKind, ListNumbering } from './letter-blocks'

/** Every Word install has it, and it carries Greek and Cyrillic as well as Latin. */
export const SERIF = 'Times New Roman'
export const FONT_HALF_POINTS = 24
/** Twelve points after a block stands in for the blank line of the text form. */
const AFTER = 240
/** Room for a hand signature under the closing: three blank lines. */
const SIGNING_ROOM = 720
const LIST_INDENT = convertInchesToTwip(0.5)
const LIST_HANG = convertInchesToTwip(0.25)

/** The style each kind of block is written in; the names show in Word's Styles pane. */
export const STYLE_OF: Record<BlockKind, { id: string; name: string }> = {
  sender: { id: 'Sender', name: 'Sender' },
  date: { id: 'LetterDate', name: 'Date' },
  delivery: { id: 'Delivery', name: 'Delivery' },
  'without-prejudice': { id: 'WithoutPrejudice', name: 'Without Prejudice' },
  recipient: { id: 'Recipient', name: 'Recipient' },
  subject: { id: 'Subject', name: 'Subject' },
  salutation: { id: 'Salutation', name: 'Salutation' },
  body: { id: 'Body', name: 'Body' },
  list: { id: 'LetterList', name: 'List' },
  closing: { id: 'Closing', name: 'Closing' },
  'signature-space': { id: 'SignatureLine', name: 'Signature Line' },
  signature: { id: 'Signature', name: 'Signature' },
  enclosures: { id: 'Enclosures', name: 'Enclosures' },
  cc: { id: 'Copies', name: 'Copies' },
}

export const FOOTER_STYLE = 'LetterFooter'
export const LETTERHEAD_NAME_STYLE = 'LetterheadName'
export const LETTERHEAD_DETAILS_STYLE = 'LetterheadDetails'

const block = (
  kind: BlockKind,
  paragraph: IParagraphStyleOptions['paragraph'] = {},
  run: IParagraphStyleOptions['run'] = {},
): IParagraphStyleOptions => ({
  ...STYLE_OF[kind],
  basedOn: 'Normal',
  quickFormat: true,
  // Every block but a body paragraph is short, and means little split across pages.
  paragraph: { spacing: { before: 0, after: AFTER }, keepLines: kind !== 'body', ...paragraph },
  run,
})

export function letterStyles(accent: string): IParagraphStyleOptions[] {
  return [
    block('sender', { keepNext: true }),
    block('date', { keepNext: true }),
    block('delivery', { keepNext: true }),
    block('without-prejudice', { keepNext: true }, { bold: true }),
    block('recipient', { keepNext: true }),
    block('subject', { keepNext: true }, { bold: true }),
    block('salutation', { keepNext: true }),
    block('body', { alignment: AlignmentType.LEFT }),
    block('list', {
      spacing: { before: 0, after: 80 },
      indent: { left: LIST_INDENT, hanging: LIST_HANG },
    }),
    block('closing', { keepNext: true, spacing: { before: 0, after: SIGNING_ROOM } }),
    block('signature-space', { keepNext: true, spacing: { before: 0, after: 0 } }),
    block('signature'),
    block('enclosures'),
    block('cc'),
    {
      id: FOOTER_STYLE,
      name: 'Letter Footer',
      basedOn: 'Normal',
      paragraph: { alignment: AlignmentType.CENTER, spacing: { before: 0, after: 0 } },
      run: { size: 14, color: '606060' },
    },
    {
      id: LETTERHEAD_NAME_STYLE,
      name: 'Letterhead Name',
      basedOn: 'Normal',
      paragraph: { spacing: { before: 0, after: 40 } },
      run: { size: 28, bold: true, color: accent.slice(1).toUpperCase() },
    },
    {
      id: LETTERHEAD_DETAILS_STYLE,
      name: 'Letterhead Details',
      basedOn: 'Normal',
      paragraph: { spacing: { before: 0, after: 0 } },
      run: { size: 17, color: '4A4A4A' },
    },
  ]
}

/** Word's own lists for the lists it can number: each list is an instance, so each starts at 1. */
export const LIST_REFERENCE: Record<Exclude<ListNumbering, 'typed'>, string> = {
  'decimal-period': 'letter-decimal-period',
  'decimal-paren': 'letter-decimal-paren',
  bullet: 'letter-bullet',
}

const level = (format: (typeof LevelFormat)[keyof typeof LevelFormat], text: string) => ({
  levels: [
    {
      level: 0,
      format,
      text,
      alignment: AlignmentType.START,
      style: { paragraph: { indent: { left: LIST_INDENT, hanging: LIST_HANG } } },
    },
  ],
})

export const LETTER_NUMBERING: INumberingOptions = {
  config: [
    { reference: LIST_REFERENCE['decimal-period'], ...level(LevelFormat.DECIMAL, '%1.') },
    { reference: LIST_REFERENCE['decimal-paren'], ...level(LevelFormat.DECIMAL, '%1)') },
    { reference: LIST_REFERENCE.bullet, ...level(LevelFormat.BULLET, '\u2022') },
  ],
}
