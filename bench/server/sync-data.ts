import { randomUUID } from 'node:crypto'
import type { Mutation, MutationArgs } from '@/domain/sync'

/** What a device sends to create a letter (decision 021). */
export type NewLetter = MutationArgs<'letters.create'>['letter']

/** A sentence of plain legal prose, repeated to length: the fields' text, about 2 KB a letter. */
const PROSE =
  'The invoice dated the first of the month remains unpaid despite two reminders sent by post and by e-mail. '

const fill = (length: number, seed: number) => {
  const text = `${seed} ${PROSE.repeat(Math.ceil(length / PROSE.length) + 1)}`
  return text.slice(0, length).trimEnd()
}

/**
 * A new letter whose answers come to about 2,000 characters (the resolution most of it), within
 * every limit of the letter schema, as the device's `letters.create` sends it.
 */
export function newLetter(index: number, createdAt = new Date().toISOString()): NewLetter {
  return {
    id: randomUUID(),
    type: 'Demand Letter',
    senderName: `Ada Sender ${index}`,
    senderAddress: `${index} Main Street, Springfield, Oregon 97477, United States of America`,
    recipientName: `Bob Recipient ${index}`,
    recipientAddress: `${index} High Street, Shelbyville, Oregon 97478, United States of America`,
    matter: `Unpaid invoice ${index} for services rendered in the spring`,
    resolution: fill(1_750, index),
    generator: 'built-in',
    createdAt,
  }
}

/** Characters of text a letter's answers carry, to say what "about 2 KB" came to. */
export const answerChars = (letter: NewLetter) =>
  letter.senderName.length +
  letter.senderAddress.length +
  letter.recipientName.length +
  letter.recipientAddress.length +
  letter.matter.length +
  letter.resolution.length

/** `count` `letters.create` mutations numbered from `firstId`, as one device's outbox holds them. */
export function createMutations(count: number, firstId = 1): Mutation[] {
  return Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    name: 'letters.create',
    args: { letter: newLetter(index + 1) },
  }))
}

/** A letter's text of about 2 KB, as `letters.complete` and `letters.editContent` carry it. */
export function letterText(label: string): string {
  return `Dear Bob Recipient,\n\n${fill(1_900, label.length)}\n\n${label}\n\nYours faithfully,\nAda Sender`
}
