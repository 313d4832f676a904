// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeAiServer, type LiveStream } from '@/data/remote/fake-ai-server'
import { createServerAi } from '@/data/remote/server-ai'
import type { ServerAiRepository } from '@/data/server-ai-repository'
import { SAMPLE_LETTER } from '@/data/test-support'
import { ERROR_MESSAGES } from '@/domain/errors'
import { calendarDayOf } from '@/domain/reply-tracking'
import { createServerAiGenerator } from './generator/server-ai'
import { AI_FALLBACK_MESSAGE } from './generator/write-letter'
import { renderGenerateForm } from './guided/generate-form-harness'

type User = ReturnType<typeof userEvent.setup>

async function fillLetter(user: User) {
  await user.type(screen.getByLabelText('Your Address'), SAMPLE_LETTER.senderAddress)
  await user.type(screen.getByLabelText('Recipient Name'), SAMPLE_LETTER.recipientName)
  await user.type(screen.getByLabelText('Recipient Address'), SAMPLE_LETTER.recipientAddress)
  await user.type(screen.getByLabelText('Matter/Subject'), SAMPLE_LETTER.matter)
  await user.type(screen.getByLabelText('Desired Resolution'), SAMPLE_LETTER.resolution)
}

const LETTER = `Ada Lovelace\n\nDear Charles Babbage,\n\n${SAMPLE_LETTER.resolution}\n\nSincerely,\nAda Lovelace`

/**
 * The Generate form writing with the server's AI, the server being `server`:
 * the real repository on fake-indexeddb creates the letter, the real
 * server-AI part reads the fake server's event stream.
 */
async function renderWithServerAi(server: ReturnType<typeof fakeAiServer>) {
  let ai: ServerAiRepository | undefined
  const flushOutbox = vi.fn(() => Promise.resolve(true))
  const engine = createServerAiGenerator({
    status: () => Promise.resolve({ available: true, model: 'letter-model' }),
    write: (request, options) => {
      if (!ai) throw new Error('not signed in yet')
      return ai.write(request, options)
    },
  })
  const rendered = await renderGenerateForm({
    generator: engine,
    prepare: ({ db }) => {
      ai = createServerAi({
        db,
        fetch: server.fetch,
        online: () => true,
        flushOutbox,
        onSessionEnded: () => undefined,
      })
      return Promise.resolve()
    },
  })
  await fillLetter(rendered.user)
  await rendered.user.click(screen.getByRole('button', { name: 'Generate Legal Letter' }))
  const dialog = await screen.findByRole('dialog')
  return { ...rendered, dialog, flushOutbox }
}

const lettersLeft = async (repo: Awaited<ReturnType<typeof renderWithServerAi>>['repo']) =>
  (await repo.subscriptions.entitlements()).lettersLeft

afterEach(() => {
  toast.dismiss()
})

describe("a letter written by the server's AI", () => {
  it('shows its place in line, then the text as it streams, and opens written by the model', async () => {
    const streams: LiveStream[] = []
    const server = fakeAiServer({ kind: 'stream', live: (live) => streams.push(live) })
    const { dialog, db, repo, flushOutbox } = await renderWithServerAi(server)
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    const [stream] = streams
    if (!stream) throw new Error('no stream')

    const [letter] = await db.letters.toArray()
    expect(server.calls[0]?.body).toEqual({
      letterId: letter?.id,
      letterDate: calendarDayOf(new Date()),
      answers: expect.objectContaining({ type: letter?.type, matter: letter?.matter }),
    })
    expect(flushOutbox).toHaveBeenCalled()

    stream.send({ event: 'queued', data: { position: 2 } })
    const queue = () => within(dialog).getByRole('status')
    await vi.waitFor(() => expect(queue()).toHaveTextContent('In the queue: position 2'))
    expect(within(dialog).getByText('Step 2 of 4: Under Attorney Review')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    stream.send({ event: 'queued', data: { position: 1 } })
    await vi.waitFor(() => expect(queue()).toHaveTextContent('In the queue: position 1'))

    stream.send({ event: 'started', data: { model: 'letter-model' } })
    await vi.waitFor(() => expect(queue()).toBeEmptyDOMElement())
    stream.send({ event: 'text', data: { text: 'Ada Lovelace\n\nDear Charles' } })
    const soFar = await within(dialog).findByRole('region', { name: 'Letter so far' })
    await vi.waitFor(() => expect(soFar).toHaveTextContent('Dear Charles'))
    stream.send({ event: 'text', data: { text: ' Babbage,' } })
    await vi.waitFor(() => expect(soFar).toHaveTextContent('Dear Charles Babbage,'))
    expect(within(dialog).getByText('Step 2 of 4: Under Attorney Review')).toBeInTheDocument()

    stream.send({ event: 'done', data: { text: LETTER, untraced: [], model: 'letter-model' } })
    await screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })
    expect(await db.letters.toArray()).toEqual([
      expect.objectContaining({
        id: letter?.id,
        status: 'completed',
        content: LETTER,
        generator: 'server-ai:letter-model',
      }),
    ])
    expect(await lettersLeft(repo)).toBe(3)
    expect(screen.queryByText(AI_FALLBACK_MESSAGE)).not.toBeInTheDocument()
  })

  it('falls back to the built-in composer for the same letter when the model fails', async () => {
    const server = fakeAiServer({
      kind: 'stream',
      events: [
        { event: 'started', data: { model: 'letter-model' } },
        {
          event: 'error',
          data: { code: 'AI_UPSTREAM_FAILED', message: ERROR_MESSAGES.AI_UPSTREAM_FAILED },
        },
      ],
    })
    const { db, repo } = await renderWithServerAi(server)
    expect(await screen.findByText(AI_FALLBACK_MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(ERROR_MESSAGES.AI_UPSTREAM_FAILED)).toBeInTheDocument()
    await screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })
    // One letter, completed by the composer: no second letter, no second credit.
    expect(await db.letters.toArray()).toEqual([
      expect.objectContaining({ status: 'completed', generator: 'built-in' }),
    ])
    expect(await lettersLeft(repo)).toBe(3)
  })

  it('says the daily allowance is used up, and the composer writes the letter', async () => {
    const server = fakeAiServer({
      kind: 'refuse',
      status: 429,
      code: 'AI_BUDGET_EXHAUSTED',
      retryAfter: '3600',
    })
    const { db } = await renderWithServerAi(server)
    expect(await screen.findByText(AI_FALLBACK_MESSAGE, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByText(ERROR_MESSAGES.AI_BUDGET_EXHAUSTED)).toBeInTheDocument()
    await screen.findByRole('heading', { name: 'The letter’s page' }, { timeout: 5000 })
    expect(await db.letters.count()).toBe(1)
  })

  it('leaves the line when cancelled: the letter fails and its credit returns', async () => {
    const streams: LiveStream[] = []
    const server = fakeAiServer({
      kind: 'stream',
      live: (live) => {
        streams.push(live)
        live.send({ event: 'queued', data: { position: 3 } })
      },
    })
    const { dialog, db, repo, user } = await renderWithServerAi(server)
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('status')).toHaveTextContent('In the queue: position 3'),
    )
    expect(await lettersLeft(repo)).toBe(3)
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(
      await screen.findByText('Letter cancelled. Your letter credit was returned.'),
    ).toBeInTheDocument()
    expect(server.calls[0]?.signal?.aborted).toBe(true)
    expect(streams[0]?.closed).toBe(true)
    expect(await db.letters.toArray()).toEqual([expect.objectContaining({ status: 'failed' })])
    expect(await lettersLeft(repo)).toBe(4)
  })
})
