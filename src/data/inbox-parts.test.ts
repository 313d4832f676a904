import { describe, expect, it, vi } from 'vitest'
import { ERROR_REPORT_LIMITS } from '@/domain/inbox-api'
import { openDatabase } from './database'
import { createInboxParts, type InboxSender } from './inbox-parts'

let counter = 0
const clock = () => new Date('2026-11-22T12:00:00.000Z')

const message = {
  name: ' Ada ',
  email: 'ADA@example.com',
  subject: 'Pricing',
  message: 'Do you offer discounts?',
}
const report = {
  message: 'TypeError: x is undefined',
  stack: 'at Letter (letter.tsx:4)',
  route: '/app',
}

/** Inbox parts on a fresh database, in server mode or not, with a sender that counts its calls. */
function inbox(server: boolean, db = openDatabase(`inbox-parts-${Date.now()}-${counter++}`)) {
  const deliver = vi.fn<InboxSender['deliver']>(() => Promise.resolve())
  const sender = vi.fn(() => Promise.resolve({ deliver }))
  const parts = createInboxParts(
    { db, clock },
    { queuesForServer: () => Promise.resolve(server), sender },
  )
  return { ...parts, db, deliver, sender }
}

describe('contact messages and error reports', () => {
  it('device-only: stores them on the device as before, queues nothing and loads no sender', async () => {
    const { messages, diagnostics, db, sender } = inbox(false)
    const stored = await messages.create(message)
    expect(stored).toMatchObject({ name: 'Ada', email: 'ada@example.com' })
    const recorded = await diagnostics.recordError(report)
    expect(await db.messages.toArray()).toEqual([stored])
    expect(await db.errors.toArray()).toEqual([recorded])
    expect(await db.inboxQueue.count()).toBe(0)
    expect(sender).not.toHaveBeenCalled()
  })

  it('server mode: stores each on the device, queues it under the same id, and sends', async () => {
    const { messages, diagnostics, db, deliver } = inbox(true)
    const stored = await messages.create(message)
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(1))
    const recorded = await diagnostics.recordError({ ...report, message: '  ' })
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledTimes(2))

    expect(await db.messages.toArray()).toEqual([stored])
    expect(await db.errors.toArray()).toEqual([recorded])
    expect(recorded.message).toBe('  ')
    expect(await db.inboxQueue.toArray()).toEqual([
      {
        seq: 1,
        kind: 'message',
        request: {
          id: stored.id,
          name: 'Ada',
          email: 'ada@example.com',
          subject: 'Pricing',
          message: 'Do you offer discounts?',
        },
        queuedAt: stored.createdAt,
      },
      {
        seq: 2,
        kind: 'error',
        // The server refuses a report without words; the stack is still worth sending.
        request: {
          id: recorded.id,
          message: 'Error without a message',
          stack: report.stack,
          route: '/app',
        },
        queuedAt: recorded.createdAt,
      },
    ])
  })

  it('cuts an error report to the lengths the server keeps', async () => {
    const { diagnostics, db } = inbox(true)
    await diagnostics.recordError({ ...report, stack: 's'.repeat(30_000) })
    const [entry] = await db.inboxQueue.toArray()
    expect(entry?.request).toMatchObject({ stack: 's'.repeat(ERROR_REPORT_LIMITS.stack) })
  })

  it('server mode: a message the form would refuse is neither stored nor queued', async () => {
    const { messages, db } = inbox(true)
    await expect(messages.create({ ...message, message: ' ' })).rejects.toThrow(
      'Message is required',
    )
    expect(await db.messages.count()).toBe(0)
    expect(await db.inboxQueue.count()).toBe(0)
  })

  it('server mode: the row and its queue entry are written together or not at all', async () => {
    const { messages, diagnostics, db } = inbox(true)
    db.inboxQueue.hook('creating', () => {
      throw new Error('the disk is full')
    })
    await expect(messages.create(message)).rejects.toThrow('the disk is full')
    await expect(diagnostics.recordError(report)).rejects.toThrow('the disk is full')
    expect(await db.messages.count()).toBe(0)
    expect(await db.errors.count()).toBe(0)
  })

  it('sends what a previous visit left queued as soon as it opens, and loads nothing when the queue is empty', async () => {
    const first = inbox(true)
    await first.messages.create(message)
    const empty = inbox(true)
    const reopened = inbox(false, first.db)
    await vi.waitFor(() => expect(reopened.deliver).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(empty.sender).not.toHaveBeenCalled()
  })

  it('keeps what was written when the sender cannot be loaded, and tries to load it again on the next send', async () => {
    const db = openDatabase(`inbox-parts-${Date.now()}-${counter++}`)
    const deliver = vi.fn(() => Promise.resolve())
    const sender = vi
      .fn<() => Promise<InboxSender>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ deliver })
    const warn = vi.fn()
    const { messages } = createInboxParts(
      { db, clock },
      { queuesForServer: () => Promise.resolve(true), sender, warn },
    )
    const stored = await messages.create(message)
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce())
    expect(await db.messages.toArray()).toEqual([stored])
    expect(await db.inboxQueue.count()).toBe(1)
    await messages.create({ ...message, subject: 'Again' })
    await vi.waitFor(() => expect(deliver).toHaveBeenCalledOnce())
    expect(sender).toHaveBeenCalledTimes(2)
  })
})
