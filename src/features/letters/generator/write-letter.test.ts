import { describe, expect, it, vi } from 'vitest'
import { composeLetter } from './built-in-composer'
import type { LetterGenerator, LetterRequest } from './letter-generator'
import { engineLabel, writeLetter } from './write-letter'

const DATE = new Date(2026, 10, 22)
const REQUEST: LetterRequest = {
  type: 'Legal Notice',
  senderName: 'Jane Whitfield',
  senderAddress: '12 Oak Street',
  recipientName: 'Acme Widgets LLC',
  recipientAddress: '500 Market Street',
  matter: 'Unpaid invoice #1042',
  resolution: 'Pay the balance.',
}

const model = (generate: LetterGenerator['generate']): LetterGenerator => ({
  id: 'openai-compatible:m',
  generate: vi.fn(generate),
})

describe('writeLetter', () => {
  it('writes with the built-in engine when it is the one chosen', async () => {
    const builtIn: LetterGenerator = {
      id: 'built-in',
      generate: () => Promise.reject(new Error('not used')),
    }
    await expect(writeLetter(builtIn, REQUEST, { date: DATE, online: false })).resolves.toEqual({
      content: composeLetter(REQUEST, DATE),
      generator: 'built-in',
    })
  })

  it('does not start when already cancelled', async () => {
    const engine = model(() => Promise.resolve('never'))
    await expect(
      writeLetter(engine, REQUEST, { date: DATE, online: true, signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'GENERATION_CANCELLED' })
    expect(engine.generate).not.toHaveBeenCalled()
  })

  it('throws away a letter that arrives after the person cancelled', async () => {
    const controller = new AbortController()
    const engine = model(() => {
      controller.abort()
      return Promise.resolve(composeLetter(REQUEST, DATE))
    })
    await expect(
      writeLetter(engine, REQUEST, { date: DATE, online: true, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'GENERATION_CANCELLED' })
  })

  it('keeps the reason when the model fails and the built-in engine writes instead', async () => {
    const engine = model(() => Promise.reject(new Error('HTTP 503')))
    await expect(writeLetter(engine, REQUEST, { date: DATE, online: true })).resolves.toEqual({
      content: composeLetter(REQUEST, DATE),
      generator: 'built-in',
      fallback: { kind: 'failed', reason: 'HTTP 503' },
    })
  })
})

describe('engineLabel', () => {
  it('names the engine stored on a letter', () => {
    expect(engineLabel('built-in')).toBe('the built-in engine')
    expect(engineLabel('openai-compatible:llama3.1:8b')).toBe(
      'AI model llama3.1:8b (OpenAI-compatible)',
    )
    expect(engineLabel('demo')).toBe('demo')
  })
})
