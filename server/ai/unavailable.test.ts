import { describe, expect, it } from 'vitest'
import { ERROR_MESSAGES } from '@/domain/errors'
import { newLetter, SyncDevice } from '../test-support/sync-device'
import { countRows, get, post, setupTestServer, signedUp } from '../test-support/test-server'

/** A server without AI_BASE_URL and AI_MODEL: it says so, and writes nothing. */

const server = setupTestServer()

describe('a server without AI', () => {
  it('says the AI is not there', async () => {
    const { app } = server()
    const { cookie } = await signedUp(app)
    const response = await get(app, '/api/ai/status', cookie)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ available: false })
  })

  it('answers a request to write with a clear 503, recording nothing', async () => {
    const { app, database } = server()
    const { cookie } = await signedUp(app)
    const device = new SyncDevice(app, cookie)
    const letter = newLetter()
    await device.push(device.mutation('letters.create', { letter }))

    const response = await post(app, '/api/ai/generate', { letterId: letter.id }, cookie)

    expect(response.statusCode).toBe(503)
    expect(response.json()).toEqual({
      error: { code: 'AI_UNAVAILABLE', message: ERROR_MESSAGES.AI_UNAVAILABLE },
    })
    expect(await countRows(database, 'ai_usage')).toBe(0)
    expect(await countRows(database, 'ai_queue')).toBe(0)
  })

  it('still asks for a session first', async () => {
    const { app } = server()
    const response = await post(app, '/api/ai/generate', {
      letterId: '7d3f1c2e-9a4b-4c8d-8e6f-0a1b2c3d4e5f',
    })
    expect(response.statusCode).toBe(401)
    expect((await get(app, '/api/ai/status')).statusCode).toBe(401)
  })
})
