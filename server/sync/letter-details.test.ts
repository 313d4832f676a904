import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { LetterDetails } from '@/domain/letter-details'
import { NO_REPLY_ASKED } from '@/domain/stored-details'
import type { Change, SyncedLetter } from '@/domain/sync'
import type { Database } from '../db/database'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { setupTestServer, signedUp } from '../test-support/test-server'

/** Letters' guided answers and reply tracking through the server (decision 030). */

const server = setupTestServer()

const DETAILS: LetterDetails = {
  reference: 'INV-1042',
  deliveryMethod: 'Email',
  replyWithinDays: 14,
  demand: { amountCents: 125_000, currency: 'USD', dueDates: ['2026-10-01'] },
  // Another type's section, which a letter of this type does not keep.
  cease: { conduct: 'Not this letter’s.' },
}
const KEPT = {
  reference: 'INV-1042',
  deliveryMethod: 'Email',
  replyWithinDays: 14,
  demand: { amountCents: 125_000, currency: 'USD', dueDates: ['2026-10-01'] },
}

/** Two devices of one new account: the laptop writes, the phone pulls. */
async function twoDevices() {
  const { app } = server()
  const { cookie, user } = await signedUp(app)
  return { laptop: new SyncDevice(app, cookie), phone: new SyncDevice(app, cookie), user }
}

const lettersIn = (changes: Change[]) =>
  changes.flatMap((change) => (change.table === 'letters' && 'row' in change ? [change.row] : []))
const versionsIn = (changes: Change[]) =>
  changes.flatMap((change) =>
    change.table === 'letterVersions' && 'row' in change ? [change.row] : [],
  )

type ReplyRow = { details: unknown; reply_by: string | null; reply_state: string | null }

async function replyRow(database: Database, id: string): Promise<ReplyRow | undefined> {
  const rows = (await database.query(
    'select details, reply_by, reply_state from letters where id = $1',
    [id],
  )) as ReplyRow[]
  return rows[0]
}

/** A finished letter with the guided answers, written on `device` (one create, then its text). */
async function writtenLetter(device: SyncDevice, type: SyncedLetter['type'] = 'Demand Letter') {
  const letter = newLetter({ type, details: DETAILS, replyBy: '2026-12-09' })
  await device.push(device.mutation('letters.create', { letter }))
  await device.push(
    device.mutation('letters.complete', { id: letter.id, content: 'First text.', generator: 'g' }),
  )
  return letter
}

describe('a letter’s guided answers and reply-by day', () => {
  it('reach the owner’s other devices on schema 3, and are left out of a schema 2 pull', async () => {
    const { database } = server()
    const { laptop, phone } = await twoDevices()
    const letter = await writtenLetter(laptop)
    // The day comes back exactly as the device counted it, whatever the database's time zone.
    expect(await replyRow(database, letter.id)).toEqual({
      details: KEPT,
      reply_by: '2026-12-09',
      reply_state: null,
    })

    const [pulled] = lettersIn((await phone.pull()).changes)
    expect(pulled).toMatchObject({ id: letter.id, details: KEPT, replyBy: '2026-12-09' })
    expect(pulled?.replyState).toBeUndefined()

    const [old] = lettersIn((await phone.pull(0, 1000, 2)).changes)
    expect(old).toMatchObject({ id: letter.id, content: 'First text.' })
    expect(old).not.toHaveProperty('details')
    expect(old).not.toHaveProperty('replyBy')
  })

  it('are stored the same way when new letters arrive in one run', async () => {
    const { laptop, phone } = await twoDevices()
    const asking = newLetter({ details: DETAILS, replyBy: '2026-12-09' })
    const plain = newLetter({ replyBy: '2026-12-22' })
    const recommending = newLetter({
      type: 'Recommendation Letter',
      details: { replyWithinDays: 9, recommendation: { candidateName: 'Grace Hopper' } },
      replyBy: '2026-12-01',
    })
    const answer = await laptop.push(
      laptop.mutation('letters.create', { letter: asking }),
      laptop.mutation('letters.create', { letter: plain }),
      laptop.mutation('letters.create', { letter: recommending }),
      laptop.mutation('letters.complete', { id: asking.id, content: 'Text.', generator: 'g' }),
    )
    expect(answer.refused).toEqual([])
    const rows = new Map(lettersIn((await phone.pull()).changes).map((row) => [row.id, row]))
    expect(rows.get(asking.id)).toMatchObject({
      details: KEPT,
      replyBy: '2026-12-09',
      status: 'completed',
    })
    expect(rows.get(plain.id)).toMatchObject({ replyBy: '2026-12-22' })
    expect(rows.get(plain.id)).not.toHaveProperty('details')
    // A type that asks nothing back keeps neither a day nor Reply Within.
    expect(rows.get(recommending.id)).toMatchObject({
      details: { recommendation: { candidateName: 'Grace Hopper' } },
    })
    expect(rows.get(recommending.id)).not.toHaveProperty('replyBy')
  })

  it('change with the answers, and a previous version keeps the old ones and its day', async () => {
    const { laptop, phone } = await twoDevices()
    const letter = await writtenLetter(laptop)
    const seen = await phone.letter(letter.id)
    const { id, generator: _g, createdAt: _c, replyBy: _r, details: _d, ...input } = letter
    const versionId = randomUUID()
    await phone.push(
      phone.mutation('letters.replaceAnswers', {
        id,
        input: { ...input, details: { replyWithinDays: 5, notice: { clause: '12.1' } } },
        content: 'Second text.',
        generator: 'g',
        replyBy: '2026-12-01',
        versionId,
        baseVersion: seen?.version ?? 0,
      }),
    )
    const { changes } = await laptop.pull()
    expect(lettersIn(changes)[0]).toMatchObject({
      content: 'Second text.',
      details: { replyWithinDays: 5 },
      replyBy: '2026-12-01',
    })
    const [kept] = versionsIn(changes)
    expect(kept).toMatchObject({ id: versionId, content: 'First text.', replyBy: '2026-12-09' })
    expect(kept?.answers.details).toEqual(KEPT)
    // An older device's strict parser knows neither.
    const [old] = versionsIn((await laptop.pull(0, 1000, 2)).changes)
    expect(old).not.toHaveProperty('replyBy')
    expect(old?.answers).not.toHaveProperty('details')

    // Restoring it brings back its answers and the day its text states.
    const letterNow = await laptop.letter(id)
    await laptop.push(
      laptop.mutation('letters.restoreVersion', {
        id,
        restoredId: versionId,
        versionId: randomUUID(),
        baseVersion: letterNow?.version ?? 0,
      }),
    )
    expect(await phone.letter(id)).toMatchObject({
      content: 'First text.',
      details: KEPT,
      replyBy: '2026-12-09',
    })
  })

  it('are cleared by answers from a device older than the questions', async () => {
    const { database } = server()
    const { laptop } = await twoDevices()
    const letter = await writtenLetter(laptop)
    const { id, generator: _g, createdAt: _c, replyBy: _r, details: _d, ...input } = letter
    await laptop.push(
      laptop.mutation('letters.replaceAnswers', {
        id,
        input,
        content: 'Written without the questions.',
        generator: 'g',
        versionId: randomUUID(),
        baseVersion: (await laptop.letter(id))?.version ?? 0,
      }),
    )
    expect(await replyRow(database, id)).toEqual({
      details: null,
      reply_by: null,
      reply_state: null,
    })
  })
})

describe('where the reply stands', () => {
  it('is recorded on one device and reaches the other, a new version each time', async () => {
    const { database } = server()
    const { laptop, phone } = await twoDevices()
    const letter = await writtenLetter(laptop)
    const before = (await phone.pull()).cursor
    const answer = await laptop.push(
      laptop.mutation('letters.setReplyState', { id: letter.id, state: 'received' }),
    )
    expect(answer.refused).toEqual([])
    const [received] = lettersIn((await phone.pull(before)).changes)
    expect(received).toMatchObject({ id: letter.id, replyState: 'received' })

    await phone.push(phone.mutation('letters.setReplyState', { id: letter.id, state: 'resolved' }))
    expect((await laptop.letter(letter.id))?.replyState).toBe('resolved')
    expect((await replyRow(database, letter.id))?.reply_state).toBe('resolved')
    // Not sent to a device whose schema predates it.
    const [old] = lettersIn((await phone.pull(0, 1000, 2)).changes)
    expect(old).not.toHaveProperty('replyState')
  })

  it('is refused for a letter that is not the user’s, or whose type asks nothing back', async () => {
    const { app, database } = server()
    const { laptop } = await twoDevices()
    const letter = await writtenLetter(laptop)
    const recommending = await writtenLetter(laptop, 'Recommendation Letter')
    const { cookie } = await signedUp(app)
    const stranger = new SyncDevice(app, cookie)

    const foreign = await stranger.push(
      stranger.mutation('letters.setReplyState', { id: letter.id, state: 'resolved' }),
    )
    expect(foreign.refused.map(({ code }) => code)).toEqual(['NOT_FOUND'])
    const answer = await laptop.push(
      laptop.mutation('letters.setReplyState', { id: recommending.id, state: 'received' }),
      laptop.raw('letters.setReplyState', { id: letter.id, state: 'ignored' }),
    )
    expect(answer.refused).toEqual([
      { id: expect.any(Number), code: 'INVALID_INPUT', message: NO_REPLY_ASKED },
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    ])
    for (const id of [letter.id, recommending.id]) {
      expect((await replyRow(database, id))?.reply_state).toBeNull()
    }
  })
})

describe('a letter uploaded from before the device synced', () => {
  it('keeps its answers, its tracking and its versions’ days', async () => {
    const { laptop, phone } = await twoDevices()
    const {
      generator,
      subscriptionId: _s,
      replyBy: _r,
      ...fields
    } = newLetter({
      details: DETAILS,
    })
    const { id, createdAt, details: _d, ...answers } = fields
    const upload = laptop.mutation('letters.upload', {
      letter: {
        ...fields,
        content: 'Second text.',
        status: 'completed',
        generator,
        replyBy: '2026-12-09',
        replyState: 'received',
        updatedAt: createdAt,
      },
      versions: [
        {
          id: randomUUID(),
          letterId: id,
          content: 'First text.',
          answers: { ...answers, details: KEPT as LetterDetails },
          replyBy: '2026-12-01',
          reason: 'regenerated',
          createdAt,
          updatedAt: createdAt,
        },
      ],
    })
    expect((await laptop.push(upload)).refused).toEqual([])
    const { changes } = await phone.pull()
    expect(lettersIn(changes)[0]).toMatchObject({
      details: KEPT,
      replyBy: '2026-12-09',
      replyState: 'received',
    })
    expect(versionsIn(changes)[0]).toMatchObject({ replyBy: '2026-12-01', content: 'First text.' })
  })
})
