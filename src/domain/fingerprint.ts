/**
 * A letter's fingerprint: the SHA-256 of its text (UTF-8, line endings as
 * stored), in lower-case hex. Shown in the letter view and printed in the PDF's
 * footer, so a sender can later show which text was sent.
 */
export async function letterFingerprint(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** The fingerprint as printed: groups of eight, so a person can compare it by eye. */
export function groupedFingerprint(hex: string): string {
  return hex.match(/.{1,8}/g)?.join(' ') ?? hex
}
