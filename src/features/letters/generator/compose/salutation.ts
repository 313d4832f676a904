import { bare, hasText, oneLine } from './typed-text'

/** The endings of a company's name: a company is greeted as "Sir or Madam", not by its name. */
const ENTITY_ENDING =
  '(?:LLC|L\\.L\\.C\\.|LLP|L\\.L\\.P\\.|LP|PLLC|Inc\\.?|Incorporated|Corp\\.?|Corporation|Ltd\\.?|Limited|PLC|plc|GmbH|AG|S\\.A\\.|SAS|SARL|B\\.V\\.|N\\.V\\.|Pty\\.?(?: Ltd\\.?)?|P\\.C\\.|Co\\.)'
const ENDS_AS_ENTITY = new RegExp(`(?:^|\\s)${ENTITY_ENDING}$`, 'u')
const ONLY_ENTITY_ENDING = new RegExp(`^${ENTITY_ENDING}$`, 'u')

/** A body of people ("All Members of …", "Board of Directors") is greeted as named, company ending or not. */
const GROUP =
  /^(?:all|the)\s|\b(?:members|shareholders|stockholders|directors|committee|board|partners|team|staff|trustees)\b/iu

/** "The" before a body of people, which a greeting leaves out: "Dear Members of …", not "Dear The Members of …". */
const LEADING_THE_OF_GROUP =
  /^the\s+(?=(?:members|shareholders|stockholders|directors|committee|board|partners|trustees)\b)/iu

/** The name split at its first comma: the part one greets, and what follows. */
function nameParts(name: string): { head: string; tail: string } {
  const comma = name.indexOf(',')
  return {
    head: (comma < 0 ? name : name.slice(0, comma)).trim(),
    tail: comma < 0 ? '' : name.slice(comma + 1).trim(),
  }
}

/** Whether a recipient's name is a company's ("Acme Widgets LLC", "Acme Widgets, Inc."), not a person's or a group's. */
export function isCompanyName(recipientName: string): boolean {
  const { head, tail } = nameParts(oneLine(recipientName))
  return !GROUP.test(head) && (ENDS_AS_ENTITY.test(head) || ONLY_ENTITY_ENDING.test(tail))
}

/**
 * The greeting. "Karen Whitfield, Whitfield Home Goods LLC" greets Karen
 * Whitfield and "John Smith, Jr." greets John Smith: what follows a comma is a
 * company or a suffix, not part of the name one greets. A company ("Acme
 * Widgets LLC", "Acme Widgets, Inc.") is greeted by the recipient's title when
 * one is given, and otherwise as "Sir or Madam"; a group of people ("All Members
 * of Acme LLC") as named.
 */
export function salutation(recipientName: string, recipientTitle?: string): string {
  const dear = (who: string) => `Dear ${bare(who)}:`
  const name = oneLine(recipientName)
  const { head, tail } = nameParts(name)
  if (!hasText(head)) return dear(hasText(tail) ? tail : name)
  if (!isCompanyName(name)) {
    // "All Members of Acme LLC" and "The Members of Acme LLC" are greeted as "Members of Acme LLC".
    return dear(head.replace(/^all\s+(?=\S)/iu, '').replace(LEADING_THE_OF_GROUP, ''))
  }
  return hasText(recipientTitle) ? dear(oneLine(recipientTitle)) : 'Dear Sir or Madam:'
}
