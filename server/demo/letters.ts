import { sql } from 'drizzle-orm'
import { LETTER_TYPES } from '@/domain/letter-types'
import { formatCents } from '@/domain/money'
import { iso, type Person, type SeedContext, timeSince } from './context'
import { batches } from './draw'

/** The built-in composer's shape of a letter, as the device's demo seed writes it. */
const CONTENT = [
  'Dear %1$s:',
  'Re: %2$s',
  'I write regarding the matter above. %3$s Please respond within 30 days of the date of this letter.',
  'Sincerely,',
  '%4$s',
].join('\n\n')

type DemoLetter = {
  ownerId: string
  type: string
  senderName: string
  senderAddress: string
  recipientName: string
  recipientAddress: string
  matter: string
  resolution: string
  createdAt: string
}

/**
 * Letters of the run's customers, each written after its owner joined, so
 * the dates spread over the last year (more of them recently, as customers
 * add up). The text is put together in the database from the row's own
 * fields, so a batch sends no more than the fields.
 */
export async function seedLetters(context: SeedContext, count: number, owners: readonly Person[]) {
  const { draw, words } = context
  const address = () =>
    `${draw.between(1, 240)} ${draw.pick(words.STREETS)}\n${draw.pick(words.CITIES)}`
  const letter = (): DemoLetter => {
    const owner = draw.pick(owners)
    const recipient = `${draw.pick(words.FIRST_NAMES)} ${draw.pick(words.LAST_NAMES)}`
    const [matter, resolution] = draw.pick(words.MATTERS)
    const fill = (text: string) =>
      text
        .replace('{n}', String(draw.between(1000, 9999)))
        .replace('{street}', draw.pick(words.STREETS))
        .replace('{name}', recipient)
        .replace('${amount}', formatCents(draw.between(50, 9000) * 100))
    return {
      ownerId: owner.id,
      type: draw.pick(LETTER_TYPES),
      senderName: owner.fullName,
      senderAddress: address(),
      recipientName: recipient,
      recipientAddress: address(),
      matter: fill(matter),
      resolution: fill(resolution),
      createdAt: iso(timeSince(context, owner.createdAt)),
    }
  }
  for (const batch of batches(count, context.batch)) {
    const rows = Array.from({ length: batch.count }, letter)
    const column = <K extends keyof DemoLetter>(key: K) => sql.param(rows.map((row) => row[key]))
    await context.db.execute(sql`
      insert into letters (id, owner_id, type, sender_name, sender_address, recipient_name,
        recipient_address, matter, resolution, content, status, generator, version, created_at,
        updated_at)
      select gen_random_uuid(), n.owner_id, n.type, n.sender_name, n.sender_address,
        n.recipient_name, n.recipient_address, n.matter, n.resolution,
        format(${CONTENT}::text, n.recipient_name, n.matter, n.resolution, n.sender_name),
        'completed', 'built-in', nextval('sync_version'), n.created_at, n.created_at
      from unnest(
        ${column('ownerId')}::uuid[], ${column('type')}::text[], ${column('senderName')}::text[],
        ${column('senderAddress')}::text[], ${column('recipientName')}::text[],
        ${column('recipientAddress')}::text[], ${column('matter')}::text[],
        ${column('resolution')}::text[], ${column('createdAt')}::timestamptz[]
      ) as n(owner_id, type, sender_name, sender_address, recipient_name, recipient_address,
        matter, resolution, created_at)
    `)
    context.wrote('letters', batch.count)
  }
}
