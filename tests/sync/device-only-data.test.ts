import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { createDexieRepository } from '@/data/dexie-repository'
import { SAMPLE_LETTER } from '@/data/test-support'
import { setupTestServer } from '../../server/test-support/test-server'
import { lettersOn, serverDevice, signIn, signUpWithLetters } from './support/device'

const server = setupTestServer()

describe('a device that holds device-only data signs in to the server', () => {
  it('offers the letters, copies them into the account on request, and keeps the originals', async () => {
    const laptop = serverDevice(server().app, 'laptop')
    // Before the server, this browser kept an account of its own, with two letters.
    const local = createDexieRepository({ db: laptop.db })
    await local.auth.signUp({
      fullName: 'Kept Here',
      email: 'kept-here@example.com',
      password: 'a local password',
      role: 'user',
    })
    await local.subscriptions.create({ plan: 'annual4' })
    for (const matter of ['Old matter one', 'Old matter two']) {
      const letter = await local.letters.create({ ...SAMPLE_LETTER, matter })
      await local.letters.complete(letter.id, {
        content: `Text of ${matter}`,
        generator: 'built-in',
      })
      await local.letters.editContent(letter.id, `Edited text of ${matter}`)
    }
    await local.auth.signOut()

    const { email } = await signUpWithLetters(laptop)
    expect(await laptop.repo.sync.deviceOnlyData()).toEqual({
      accounts: [expect.objectContaining({ email: 'kept-here@example.com', letters: 2 })],
    })
    expect(await laptop.repo.sync.uploadDeviceOnlyData()).toEqual({ letters: 2 })
    expect(await laptop.repo.sync.deviceOnlyData()).toBeNull()
    await laptop.sync()

    const phone = serverDevice(server().app, 'phone')
    await signIn(phone, email)
    await phone.sync()
    const onPhone = await lettersOn(phone)
    expect(onPhone.map((letter) => letter.content).sort()).toEqual([
      'Edited text of Old matter one',
      'Edited text of Old matter two',
    ])
    const [first] = onPhone
    if (!first) throw new Error('no letter')
    expect((await phone.repo.letters.listVersions(first.id)).map((v) => v.content)).toEqual([
      `Text of ${first.matter}`,
    ])
    // The device-only account still has its own letters.
    expect(
      await laptop.db.letters
        .where('userId')
        .notEqual((await laptop.repo.auth.currentUser())?.id ?? '')
        .count(),
    ).toBe(2)
  })

  it('asks no more once the person keeps them apart', async () => {
    const laptop = serverDevice(server().app, 'laptop')
    const local = createDexieRepository({ db: laptop.db })
    await local.auth.signUp({
      fullName: 'Kept Apart',
      email: 'kept-apart@example.com',
      password: 'a local password',
      role: 'user',
    })
    await local.subscriptions.create({ plan: 'single' })
    await local.letters.create(SAMPLE_LETTER)
    await local.auth.signOut()
    await signUpWithLetters(laptop)
    expect(await laptop.repo.sync.deviceOnlyData()).not.toBeNull()
    await laptop.repo.sync.keepDeviceOnlyDataApart()
    expect(await laptop.repo.sync.deviceOnlyData()).toBeNull()
    await laptop.sync()
    expect(await laptop.repo.letters.countMine()).toBe(0)
  })
})
