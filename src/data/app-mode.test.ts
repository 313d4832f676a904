import { describe, expect, it, vi } from 'vitest'
import { type AppMode, MODE_KEY, queuesForServer, resolveAppMode } from './app-mode'
import { memoryStore } from './test-support'

/** A probe the test answers when it likes. */
function heldProbe() {
  let answer: (mode: AppMode | null) => void = () => undefined
  const probe = vi.fn(
    () =>
      new Promise<AppMode | null>((resolve) => {
        answer = resolve
      }),
  )
  return { probe, answer: (mode: AppMode | null) => answer(mode) }
}

describe('which mode this load runs in', () => {
  it('answers at once with the remembered mode, and remembers a change for the next load', async () => {
    const store = memoryStore()
    store.setItem(MODE_KEY, 'server')
    const { probe, answer } = heldProbe()
    expect(await resolveAppMode({ store, probe })).toBe('server')
    expect(probe).toHaveBeenCalledOnce()
    answer('device-only')
    await vi.waitFor(() => expect(store.getItem(MODE_KEY)).toBe('device-only'))
  })

  it('keeps the remembered mode when the check says nothing (offline)', async () => {
    const store = memoryStore()
    store.setItem(MODE_KEY, 'server')
    const { probe, answer } = heldProbe()
    expect(await resolveAppMode({ store, probe })).toBe('server')
    answer(null)
    await Promise.resolve()
    expect(store.getItem(MODE_KEY)).toBe('server')
  })

  it('waits on a first visit for the answer and remembers it', async () => {
    const store = memoryStore()
    const { probe, answer } = heldProbe()
    const mode = resolveAppMode({ store, probe })
    answer('server')
    expect(await mode).toBe('server')
    expect(store.getItem(MODE_KEY)).toBe('server')
  })

  it('runs device-only on a first visit the server is slow to answer, remembering only a late answer', async () => {
    const store = memoryStore()
    const { probe, answer } = heldProbe()
    expect(await resolveAppMode({ store, probe, firstVisitWaitMs: 10 })).toBe('device-only')
    expect(store.getItem(MODE_KEY)).toBeNull()
    answer('server')
    await vi.waitFor(() => expect(store.getItem(MODE_KEY)).toBe('server'))
  })

  it('works where storage is refused', async () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => undefined,
    }
    expect(await resolveAppMode({ store: refusing, probe: () => Promise.resolve('server') })).toBe(
      'server',
    )
  })
})

describe('whether messages and error reports are queued for the server', () => {
  const modeIs = (mode: AppMode) => () => Promise.resolve(mode)

  it('queues in server mode and not in a device-only mode the server said', async () => {
    const store = memoryStore()
    store.setItem(MODE_KEY, 'server')
    expect(await queuesForServer(modeIs('server'), store)).toBe(true)
    store.setItem(MODE_KEY, 'device-only')
    expect(await queuesForServer(modeIs('device-only'), store)).toBe(false)
  })

  it("queues while device-only is only a first visit's guess, remembered nowhere", async () => {
    const store = memoryStore()
    const guessed = resolveAppMode({ store, probe: () => Promise.resolve(null) })
    expect(await queuesForServer(() => guessed, store)).toBe(true)
  })
})
