import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { SYNC_PATHS } from '@/domain/sync'
import {
  createScratchDatabase,
  type ScratchDatabase,
} from '../../server/test-support/scratch-database'
import { serverDevice, signIn, signUpWithLetters, writeLetter } from './support/device'
import { httpFetch } from './support/http-fetch'
import { freePort } from '../../server/test-support/free-port'

/**
 * The server process killed (SIGKILL) in the middle of a push, and started
 * again on the same data: every mutation is applied exactly once and the
 * devices converge. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-killed-'))
let scratch: ScratchDatabase | undefined
let child: ChildProcess | undefined

afterAll(async () => {
  child?.kill('SIGKILL')
  await scratch?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1' }
  delete env.TEST_DATABASE_URL
  delete env.PUBLIC_ORIGIN
  if (process.env.TEST_DATABASE_URL) {
    scratch ??= await createScratchDatabase(process.env.TEST_DATABASE_URL, 'letterhead_killed')
    env.DATABASE_URL = scratch.url
  } else delete env.DATABASE_URL
  Object.assign(env, {
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-build'),
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
  })
  // Node itself with tsx's loader, not the tsx command: that one runs the server in a child
  // process of its own, which a SIGKILL to the command would leave running.
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env,
    stdio: 'ignore',
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    if (started.exitCode !== null) throw new Error(`The server exited with ${started.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}${API_PATHS.health}`)).ok) return started
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('The server did not start')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the server killed in the middle of a push', () => {
  it('applies every mutation exactly once after it starts again, and both devices converge', async () => {
    const port = await freePort()
    const origin = () => `http://127.0.0.1:${port}`
    child = await startServer(port)
    const a = serverDevice(httpFetch(origin), 'A')
    const { email } = await signUpWithLetters(a)
    const letters = []
    for (let index = 0; index < 8; index++) letters.push(await writeLetter(a, `Matter ${index}`))
    await a.sync()

    // Offline, A edits every letter many times: one long push when it is back.
    a.network.online = false
    const last = new Map<string, string>()
    for (let round = 0; round < 40; round++) {
      for (const letter of letters) {
        const text = `Round ${round} of ${letter.matter}`
        await a.repo.letters.editContent(letter.id, text)
        last.set(letter.id, text)
      }
    }
    const edits = 40 * letters.length
    expect(await a.repo.sync.pendingChanges()).toBe(edits)

    const killed = child
    a.transport.faults.before = (path) => {
      if (path !== SYNC_PATHS.push) return
      a.transport.faults.before = undefined
      // Long enough for the server to have applied part of the batch, not all of it.
      setTimeout(() => killed.kill('SIGKILL'), 60)
    }
    a.goOnline()
    await a.sync()
    if (killed.signalCode === null) await new Promise((resolve) => killed.once('exit', resolve))
    expect(await a.repo.sync.pendingChanges()).toBeGreaterThan(0)

    child = await startServer(port)
    await a.sync()
    expect(await a.repo.sync.pendingChanges()).toBe(0)

    const b = serverDevice(httpFetch(origin), 'B')
    await signIn(b, email)
    await b.sync()
    for (const letter of letters) {
      expect((await b.repo.letters.get(letter.id)).content).toBe(last.get(letter.id))
      // One previous version per edit: none applied twice, none lost.
      expect(await b.repo.letters.listVersions(letter.id)).toHaveLength(40)
      expect(await a.repo.letters.listVersions(letter.id)).toHaveLength(40)
    }
    child.kill('SIGTERM')
  }, 240_000)
})
