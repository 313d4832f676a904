import { escapeHtml, linkedHtml } from './html'
import type { StoredMail } from './mailbox'

const when = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
})

function mailArticle(mail: StoredMail, index: number): string {
  const heading = `mail-${index}`
  return `<article aria-labelledby="${heading}">
<h2 id="${heading}">${escapeHtml(mail.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(mail.to)}</dd>
<dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>Sent</dt><dd><time datetime="${escapeHtml(mail.createdAt)}">${when.format(new Date(mail.createdAt))} UTC</time></dd>
</dl>
<pre>${linkedHtml(mail.text)}</pre>
</article>`
}

/**
 * The mailbox's stylesheet, served beside it: readable on a phone (long lines and links wrap),
 * in the light or dark scheme the device asks for.
 */
export const MAILBOX_STYLES = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; max-width: 46rem; padding: 1rem; }
article { padding-block: 0.5rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1rem; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { font: inherit; white-space: pre-wrap; overflow-wrap: anywhere; }
html { background: #ffffff; color: #1f2937; }
a { color: #1d4ed8; }
@media (prefers-color-scheme: dark) {
  html { background: #111827; color: #f3f4f6; }
  a { color: #93c5fd; }
}
`

/**
 * The development mailbox as a page: every mail newest first, its links
 * clickable. HTML with a stylesheet of the same origin and no script, so the
 * server's Content-Security-Policy needs no exception for it.
 */
export function mailboxPage(mails: StoredMail[]): string {
  const body =
    mails.length === 0
      ? '<p>No mail yet. Mail Letterhead sends while SMTP_URL is not set appears here.</p>'
      : mails.map(mailArticle).join('\n<hr>\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox · Letterhead</title>
<link rel="stylesheet" href="/dev/mail.css">
</head>
<body>
<header>
<h1>Development mailbox</h1>
<p>Mail this Letterhead server would send, newest first (${mails.length} shown). Only this computer can open this page, and never in production.</p>
</header>
<main>
${body}
</main>
</body>
</html>
`
}
