/** React hoists a preload for each image it renders; the brand's icon needs none. */
const HOISTED_LINKS = /^(?:<link [^>]*\/>)+/
const CONTROL = /<(button|input|select|textarea)\b/g
/** A file input takes files from a script even when disabled; a frame's is never wanted. */
const FILE_INPUT = /<input\b[^>]*\btype="file"[^>]*\/>/g
/** Class names that apply only to disabled controls (`disabled:…`, `dark:disabled:…`). */
const DISABLED_VARIANT = /(?:^|\s)(?:[\w-]+:)*disabled:\S+/g
const ID_REFERENCE = /\s(aria-labelledby|aria-controls|aria-describedby|for)="([^"]+)"/g

/**
 * A page's first-paint frame from its server-rendered markup (decisions 039, 040): every control
 * disabled, since nothing may be typed that the app's page would then drop, and no file input (a
 * disabled one still takes files from a script). The look of a disabled control is taken out, so
 * the frame looks as the live page will. Ids, and every reference to one, carry `prefix`, so no
 * frame's id is another's or the app's.
 */
export function frameMarkup(prefix: string, markup: string): string {
  return markup
    .replace(HOISTED_LINKS, '')
    .replace(FILE_INPUT, '')
    .replace(/\sid="([^"]+)"/g, ` id="${prefix}-$1"`)
    .replace(
      ID_REFERENCE,
      (_, name: string, ids: string) =>
        ` ${name}="${ids
          .split(' ')
          .map((id) => `${prefix}-${id}`)
          .join(' ')}"`,
    )
    .replace(CONTROL, '<$1 disabled=""')
    .replace(
      /\sclass="([^"]*)"/g,
      (_, classes: string) => ` class="${classes.replace(DISABLED_VARIANT, '').trim()}"`,
    )
}

/**
 * The last child of every first-paint frame in index.html. The parser may hand a page to the
 * browser to paint before it has all of a frame; the stylesheet shows a frame only once this is in
 * it, so no frame paints half drawn and then grows (on the auth page, whose card is centred on a
 * desktop, that growth moved the card).
 */
export const FRAME_END_ATTRIBUTE = 'data-frame-end'

/** A frame's element in index.html: `markup` inside, and the end mark after it. */
export function frameElement(id: string, attribute: string, markup: string): string {
  return `<div id="${id}" ${attribute}>${markup}<i ${FRAME_END_ATTRIBUTE} hidden></i></div>`
}

const VOID_ELEMENTS = new Set([
  'area',
  'br',
  'col',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'wbr',
])
const TAG = /<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g

/** The markup before `at` (an index where a tag starts), with every element still open there closed. */
export function cutBefore(markup: string, at: number): string {
  const open: string[] = []
  for (const [, closing, name = '', selfClosing] of markup.slice(0, at).matchAll(TAG)) {
    if (closing) open.pop()
    else if (!selfClosing && !VOID_ELEMENTS.has(name.toLowerCase())) open.push(name)
  }
  return (
    markup.slice(0, at) +
    open
      .reverse()
      .map((name) => `</${name}>`)
      .join('')
  )
}
