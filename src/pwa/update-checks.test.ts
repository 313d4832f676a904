import { afterEach, describe, expect, it, vi } from 'vitest'
import { checkForUpdate, scheduleUpdateChecks } from './update-checks'

function fakeRegistration() {
  return {
    installing: null,
    update: vi.fn(() => Promise.resolve()),
  } as unknown as ServiceWorkerRegistration & {
    update: ReturnType<typeof vi.fn>
  }
}

function setOnline(online: boolean) {
  vi.stubGlobal('navigator', { onLine: online })
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('update checks', () => {
  it('check at start and every hour while online', () => {
    vi.useFakeTimers()
    setOnline(true)
    const registration = fakeRegistration()
    const timer = scheduleUpdateChecks(registration)
    expect(registration.update).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60 * 60_000)
    expect(registration.update).toHaveBeenCalledTimes(2)
    clearInterval(timer)
  })

  it('are scheduled once for a registration, however often they are asked for', () => {
    vi.useFakeTimers()
    setOnline(true)
    const registration = fakeRegistration()
    const timer = scheduleUpdateChecks(registration)
    expect(scheduleUpdateChecks(registration)).toBe(timer)
    expect(registration.update).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(60 * 60_000)
    expect(registration.update).toHaveBeenCalledTimes(2)
    clearInterval(timer)
  })

  it('skip the check while offline', () => {
    setOnline(false)
    const registration = fakeRegistration()
    checkForUpdate(registration)
    expect(registration.update).not.toHaveBeenCalled()
  })
})
