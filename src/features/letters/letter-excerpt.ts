/** From the salutation on: the part of a letter that tells one from another at a glance. */
export function letterExcerpt(content: string): string {
  const salutation = content.indexOf('\n\nDear ')
  return salutation >= 0 ? content.slice(salutation + 2) : content
}
