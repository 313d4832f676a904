/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const LINK = /\bhttps?:\/\/[^\s<>"']+/g

/** Escaped text whose http(s) addresses are links. */
export function linkedHtml(text: string): string {
  let html = ''
  let from = 0
  for (const match of text.matchAll(LINK)) {
    html += escapeHtml(text.slice(from, match.index))
    const url = escapeHtml(match[0])
    html += `<a href="${url}">${url}</a>`
    from = match.index + match[0].length
  }
  return html + escapeHtml(text.slice(from))
}

/** A mail's HTML part: the plain text's paragraphs, its addresses as links. */
export function htmlOfText(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linkedHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
  return `<!doctype html><html lang="en"><body>${paragraphs.join('\n')}</body></html>`
}
