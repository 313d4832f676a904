import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_MESSAGES } from '@/domain/errors'
import { showClientTooOld, TAKEOVER_WAIT_MS, updateAndReload } from './client-too-old'

vi.mock('sonner', () => ({ toast: { error: vi.fn() } }))

beforeEach(() => vi.clearAllMocks())

type Listener = () => void

/** A service worker container whose registration finds `waiting` once updated. */
function serviceWorkerWith(found: { waiting?: boolean } | null) {
  const listeners = new Map<string, Listener>()
  const waiting = { postMessage: vi.fn() }
  const registration = {
    waiting: null as typeof waiting | null,
    installing: null,
    update: vi.fn(() => {
      if (found?.waiting) registration.waiting = waiting
      return Promise.resolve()
    }),
  }
  const container = {
    getRegistration: vi.fn(() => Promise.resolve(found ? registration : undefined)),
    addEventListener: vi.fn(
      (type: string, listener: Listener) => void listeners.set(type, listener),
    ),
  }
  return {
    serviceWorker: container,
    registration,
    waiting,
    takeOver: () => listeners.get('controllerchange')?.(),
  }
}

describe('a version the server no longer syncs with', () => {
  it('says so until updated, with an Update action', async () => {
    showClientTooOld()
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledOnce())
    const [message, options] = vi.mocked(toast.error).mock.calls[0] ?? []
    expect(message).toBe(ERROR_MESSAGES.CLIENT_TOO_OLD)
    expect(options).toMatchObject({
      id: 'client-too-old',
      duration: Infinity,
      action: { label: 'Update' },
    })
  })

  it('Update fetches the new version, lets it take over, then reloads', async () => {
    const { serviceWorker, registration, waiting, takeOver } = serviceWorkerWith({ waiting: true })
    const reload = vi.fn()
    const updating = updateAndReload({ serviceWorker, reload })
    await vi.waitFor(() =>
      expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }),
    )
    expect(registration.update).toHaveBeenCalledOnce()
    expect(reload).not.toHaveBeenCalled()
    takeOver()
    await updating
    expect(reload).toHaveBeenCalledOnce()
  })

  it('reloads at once when no new version waits, and without a service worker', async () => {
    const none = serviceWorkerWith({})
    const reload = vi.fn()
    await updateAndReload({ serviceWorker: none.serviceWorker, reload })
    expect(none.registration.update).toHaveBeenCalledOnce()
    expect(reload).toHaveBeenCalledOnce()

    const unregistered = serviceWorkerWith(null)
    await updateAndReload({ serviceWorker: unregistered.serviceWorker, reload })
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('reloads anyway when the new version does not take over in time, or the update fails', async () => {
    vi.useFakeTimers()
    try {
      const slow = serviceWorkerWith({ waiting: true })
      const reload = vi.fn()
      const updating = updateAndReload({ serviceWorker: slow.serviceWorker, reload })
      await vi.advanceTimersByTimeAsync(TAKEOVER_WAIT_MS)
      await updating
      expect(reload).toHaveBeenCalledOnce()
    } finally {
      vi.useRealTimers()
    }
    const broken = serviceWorkerWith({})
    broken.registration.update.mockRejectedValue(new Error('offline'))
    const reload = vi.fn()
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await updateAndReload({ serviceWorker: broken.serviceWorker, reload })
    expect(reload).toHaveBeenCalledOnce()
  })
})
