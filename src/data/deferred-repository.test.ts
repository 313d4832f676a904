import { describe, expect, it, vi } from 'vitest'
import { deferredRepository } from './deferred-repository'
import type { Repository } from './repository'
import { createTestRepository } from './test-support'

const MESSAGE = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'A plan for a clinic',
  message: 'Do you offer one?',
}

describe('deferredRepository', () => {
  it('loads nothing until the first call, then loads once and answers as the real one', async () => {
    const { repo } = createTestRepository()
    const load = vi.fn(() => Promise.resolve(repo))
    const deferred = deferredRepository(load)
    expect(load).not.toHaveBeenCalled()

    const [stored, none] = await Promise.all([
      deferred.messages.create(MESSAGE),
      deferred.auth.currentUser(),
    ])
    expect(stored).toMatchObject(MESSAGE)
    expect(none).toBeNull()
    await deferred.settings.set('theme', 'dark')
    expect(await repo.settings.get('theme')).toBe('dark')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('passes refusals through unchanged', async () => {
    const { repo } = createTestRepository()
    const deferred = deferredRepository(() => Promise.resolve(repo))
    await expect(deferred.letters.listMine()).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
    await expect(deferred.messages.create({ ...MESSAGE, email: 'no' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    })
  })

  it('tries the load again after it failed (a chunk that could not be fetched offline)', async () => {
    const { repo } = createTestRepository()
    const load = vi
      .fn<() => Promise<Repository>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(repo)
    const deferred = deferredRepository(load)
    await expect(deferred.auth.currentUser()).rejects.toThrow('Failed to fetch')
    expect(await deferred.auth.currentUser()).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('is not mistaken for a promise and names a method that does not exist', async () => {
    const { repo } = createTestRepository()
    const deferred = deferredRepository(() => Promise.resolve(repo))
    expect(await Promise.resolve(deferred.auth)).toBe(deferred.auth)
    const unknown = (deferred.auth as unknown as Record<string, () => Promise<unknown>>).nothing
    await expect(unknown?.()).rejects.toThrow('repository.auth.nothing is not a method')
  })

  it('follows a query once loaded, and stops when unsubscribed', async () => {
    const { repo } = createTestRepository()
    const deferred = deferredRepository(() => Promise.resolve(repo))
    const seen: unknown[] = []
    const subscription = deferred
      .observe(() => repo.settings.get('theme'))
      .subscribe({ next: (value) => seen.push(value) })
    await vi.waitFor(() => expect(seen).toEqual([undefined]))
    await repo.settings.set('theme', 'dark')
    await vi.waitFor(() => expect(seen).toEqual([undefined, 'dark']))
    subscription.unsubscribe()
    await repo.settings.set('theme', 'light')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(seen).toEqual([undefined, 'dark'])
  })

  it('reports a failed load to an observer', async () => {
    const deferred = deferredRepository(() => Promise.reject(new Error('offline')))
    const error = await new Promise((resolve) =>
      deferred
        .observe(() => Promise.resolve(1))
        .subscribe({ next: () => undefined, error: resolve }),
    )
    expect(error).toEqual(new Error('offline'))
  })
})
