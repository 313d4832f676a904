import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestRepository } from '@/data/test-support'
import { reportUnhandledRejections, UNHANDLED_REJECTION_MESSAGE } from './unhandled-rejections'

function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection'), { reason })
}

afterEach(() => vi.restoreAllMocks())

describe('reportUnhandledRejections', () => {
  it('records the error for the admin and tells the person, until stopped', async () => {
    vi.stubGlobal('window', { location: { pathname: '/app', search: '?tab=letters' } })
    const shown = vi.spyOn(toast, 'error')
    const { repo, db } = createTestRepository()
    const target = new EventTarget()
    const stop = reportUnhandledRejections(repo, target)

    target.dispatchEvent(rejection(new Error('The letter list could not be read.')))
    await vi.waitFor(async () => expect(await db.errors.count()).toBe(1))
    expect(await db.errors.toArray()).toEqual([
      expect.objectContaining({
        message: 'The letter list could not be read.',
        route: '/app?tab=letters',
      }),
    ])
    expect(shown).toHaveBeenCalledWith(UNHANDLED_REJECTION_MESSAGE, {
      description: 'The letter list could not be read.',
    })

    stop()
    target.dispatchEvent(rejection('ignored now'))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await db.errors.count()).toBe(1)
    expect(shown).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })
})
