import {
  convertInchesToTwip,
  Document,
  Packer,
  PageOrientation,
  Paragraph,
  Tab,
  TextRun,
} from 'docx'
import { MIME_TYPES } from './file-name'
import { letterParagraphs, letterTitle } from './txt'

/** Every Word install has it, and it carries Greek and Cyrillic as well as Latin. */
const SERIF = 'Times New Roman'
const FONT_HALF_POINTS = 24
const ONE_INCH = convertInchesToTwip(1)
// Twelve points after each paragraph stands in for the blank line of the text form.
const PARAGRAPH_AFTER = 240
/**
 * What XML 1.0 cannot hold: control characters, U+FFFE, U+FFFF and unpaired
 * surrogates. docx drops only the controls; one of the others left in makes a
 * file Word refuses to open.
 */
const NOT_XML = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

/** A line of the letter as a run; every line after a block's first starts on a new line. */
function lineRun(line: string, index: number): TextRun {
  const children = line.split('\t').flatMap((part, i) => (i === 0 ? [part] : [new Tab(), part]))
  return new TextRun({ children, break: index > 0 ? 1 : undefined })
}

/**
 * A real Word document: one paragraph per paragraph of the letter, an address
 * block's lines kept together as line breaks, a serif face, one-inch margins on
 * US Letter, so it opens ready to print or to edit further.
 */
export async function letterToDocx(content: string): Promise<Blob> {
  const paragraphs = letterParagraphs(content.replace(NOT_XML, ''))
  const children = paragraphs.map(
    (lines) => new Paragraph({ children: lines.map((line, index) => lineRun(line, index)) }),
  )
  const doc = new Document({
    creator: 'Letterhead',
    title: letterTitle(paragraphs),
    styles: {
      default: {
        document: {
          run: { font: SERIF, size: FONT_HALF_POINTS },
          paragraph: { spacing: { before: 0, after: PARAGRAPH_AFTER } },
        },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: {
              width: convertInchesToTwip(8.5),
              height: convertInchesToTwip(11),
              orientation: PageOrientation.PORTRAIT,
            },
            margin: { top: ONE_INCH, right: ONE_INCH, bottom: ONE_INCH, left: ONE_INCH },
          },
        },
        // Word needs at least one paragraph in a section to open the file.
        children: children.length > 0 ? children : [new Paragraph({})],
      },
    ],
  })
  return new Blob([await Packer.toArrayBuffer(doc)], { type: MIME_TYPES.docx })
}
