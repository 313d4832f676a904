import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { letterRow, newLetter, SyncDevice, versionsOf } from '../test-support/sync-device'
import { setupTestServer, signedUp } from '../test-support/test-server'

const server = setupTestServer()

/** Two devices of one account, and a finished letter both have pulled. */
async function twoDevicesWithALetter(content = 'The first text.') {
  const { app } = server()
  const { cookie } = await signedUp(app)
  const laptop = new SyncDevice(app, cookie)
  const phone = new SyncDevice(app, cookie)
  const letter = newLetter()
  await laptop.push(
    laptop.mutation('letters.create', { letter }),
    laptop.mutation('letters.complete', { id: letter.id, content, generator: 'g' }),
  )
  const pulled = await phone.letter(letter.id)
  return { laptop, phone, id: letter.id, version: pulled?.version ?? 0 }
}

const edit = (device: SyncDevice, id: string, content: string, baseVersion: number) =>
  device.mutation('letters.editContent', { id, content, versionId: randomUUID(), baseVersion })

describe('text edited on two devices', () => {
  it('keeps both texts, the later current and the other a previous version, and flags the letter', async () => {
    const { database } = server()
    const { laptop, phone, id, version } = await twoDevicesWithALetter()
    // Both edit offline from the same version; the laptop's push arrives first.
    expect((await laptop.push(edit(laptop, id, 'Laptop text.', version))).refused).toEqual([])
    expect((await letterRow(database, id))?.edited_elsewhere_at).toBeNull()
    expect((await phone.push(edit(phone, id, 'Phone text.', version))).refused).toEqual([])

    const letter = await phone.letter(id)
    expect(letter?.content).toBe('Phone text.')
    expect(letter?.editedElsewhereAt).toEqual(expect.any(String))
    expect((await versionsOf(database, id)).map((v) => [v.content, v.reason])).toEqual([
      ['The first text.', 'edited'],
      ['Laptop text.', 'edited'],
    ])
  })

  it('does not flag one device’s own successive edits, even from an old base version', async () => {
    const { database } = server()
    const { laptop, id, version } = await twoDevicesWithALetter()
    await laptop.push(edit(laptop, id, 'Second.', version))
    await laptop.push(edit(laptop, id, 'Third.', version))
    const row = await letterRow(database, id)
    expect(row?.content).toBe('Third.')
    expect(row?.edited_elsewhere_at).toBeNull()
    expect((await versionsOf(database, id)).map((v) => v.content)).toEqual([
      'The first text.',
      'Second.',
    ])
  })

  it('does not flag an edit made on the version the device last pulled', async () => {
    const { database } = server()
    const { laptop, phone, id, version } = await twoDevicesWithALetter()
    await laptop.push(edit(laptop, id, 'Laptop text.', version))
    const seen = await phone.letter(id)
    await phone.push(edit(phone, id, 'Phone text.', seen?.version ?? 0))
    expect((await letterRow(database, id))?.edited_elsewhere_at).toBeNull()
  })

  it('replaces answers and text together, and restores a previous version of that letter only', async () => {
    const { database } = server()
    const { laptop, phone, id, version } = await twoDevicesWithALetter()
    const { id: _id, generator: _g, createdAt: _c, subscriptionId: _s, ...input } = newLetter()
    await laptop.push(
      laptop.mutation('letters.replaceAnswers', {
        id,
        input: { ...input, matter: 'A new matter' },
        content: 'Regenerated.',
        generator: 'g2',
        versionId: randomUUID(),
        baseVersion: version,
      }),
    )
    const [kept] = await versionsOf(database, id)
    expect(kept).toMatchObject({ content: 'The first text.', reason: 'regenerated' })
    expect(await laptop.letter(id)).toMatchObject({
      matter: 'A new matter',
      content: 'Regenerated.',
      generator: 'g2',
    })

    // A previous version of another letter of the same account is not this letter's.
    const other = await twoDevicesWithALetter('Another letter.')
    await other.laptop.push(edit(other.laptop, other.id, 'Edited.', other.version))
    const [foreign] = await versionsOf(database, other.id)
    const refused = await laptop.push(
      laptop.mutation('letters.restoreVersion', {
        id,
        restoredId: foreign?.id ?? randomUUID(),
        versionId: randomUUID(),
        baseVersion: version,
      }),
    )
    expect(refused.refused.map((refusal) => refusal.code)).toEqual(['NOT_FOUND'])

    const restoreVersionId = randomUUID()
    await phone.push(
      phone.mutation('letters.restoreVersion', {
        id,
        restoredId: kept?.id ?? '',
        versionId: restoreVersionId,
        baseVersion: version,
      }),
    )
    const restored = await phone.letter(id)
    expect(restored).toMatchObject({ content: 'The first text.', matter: 'Unpaid invoice 42' })
    // The phone restored from a version it had, over text the laptop wrote: flagged.
    expect(restored?.editedElsewhereAt).toEqual(expect.any(String))
    const versions = await versionsOf(database, id)
    expect(versions.at(-1)).toMatchObject({
      id: restoreVersionId,
      content: 'Regenerated.',
      reason: 'restored',
      answers: expect.objectContaining({ matter: 'A new matter' }),
    })
  })

  it('changes text only of a finished letter', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app)
    const phone = new SyncDevice(app, cookie)
    const letter = newLetter()
    const answer = await phone.push(
      phone.mutation('letters.create', { letter }),
      edit(phone, letter.id, 'Too soon.', 0),
    )
    expect(answer.refused).toEqual([
      { id: 2, code: 'INVALID_INPUT', message: 'Only a finished letter can be changed.' },
    ])
  })
})
