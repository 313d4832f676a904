import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_PATHS } from '@/domain/api'
import { freePort } from './test-support/free-port'
import { SYNC_PATHS } from '@/domain/sync'
import { EventStream } from './test-support/event-stream'
import { bundleServer, serverNodeArgs } from '../scripts/server-bundle.mjs'

/**
 * The real server, as `npm start` runs it: bundled (scripts/server-bundle.mjs) and run by plain
 * node, its own process, a PGlite directory, real HTTP. Starting takes seconds (PGlite), so the
 * tests here allow minutes.
 */
// Inside the checkout, as npm start's are: the bundle finds its packages in node_modules from there.
const bundleDir = join('dist-server', `test-bundle-${process.pid}`)
let serverMain = ''
beforeAll(async () => {
  serverMain = await bundleServer({ root: process.cwd(), outDir: bundleDir })
})
const ADMIN_SECRET = 'main-test-admin-secret-7f3a'
const PASSWORD = 'a long enough main test password'
const SLOW = 180_000

const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-main-'))
const running = new Set<ChildProcess>()

afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(bundleDir, { recursive: true, force: true })
})

type Server = {
  child: ChildProcess
  origin: string
  stdout: () => string
  stderr: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function start(env: Record<string, string>): Server {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...env }
  // Nothing from the test run's own settings: this server uses its DATA_DIR.
  delete environment.DATABASE_URL
  delete environment.TEST_DATABASE_URL
  delete environment.PUBLIC_ORIGIN
  delete environment.TRUST_PROXY
  const child = spawn(process.execPath, serverNodeArgs(serverMain), {
    env: environment,
    stdio: 'pipe',
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    })
  })
  return {
    child,
    origin: `http://127.0.0.1:${env.PORT ?? ''}`,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  }
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort()
  const server = start({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-build-here'),
    ADMIN_SECRET,
    LOG_LEVEL: 'info',
    ...env,
  })
  await until(async () => {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited ${server.child.exitCode}: ${server.stderr()}`)
    }
    try {
      return (await fetch(`${server.origin}${API_PATHS.health}`)).ok
    } catch {
      return false
    }
  }, 'the server to answer /api/health')
  return server
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The session token a response set. */
function sessionToken(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('letterhead_session='))
  const token = cookie?.split(';')[0]?.split('=')[1]
  if (!token) throw new Error(`No session cookie in the ${response.status} answer`)
  return token
}

function postJson(server: Server, path: string, body: unknown, cookie?: string) {
  return fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: server.origin,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  })
}

type Answer = { status: number; body: string; headers: IncomingMessage['headers'] }

/**
 * A POST whose body is sent in two parts: the server has the request (and
 * logs it) after the first, and answers only after the second.
 */
function postInTwoParts(server: Server, path: string, body: string) {
  const url = new URL(path, server.origin)
  const half = Math.floor(body.length / 2)
  const request = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      origin: server.origin,
    },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('error', reject)
    request.once('response', (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }),
      )
      response.once('error', reject)
    })
  })
  request.write(body.slice(0, half))
  return {
    finish: () => {
      request.end(body.slice(half))
      return answer
    },
  }
}

/** Whether a new connection is still accepted. */
function acceptsConnections(server: Server): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpRequest(`${server.origin}${API_PATHS.health}`, { agent: false }, (res) => {
      res.resume()
      resolve(true)
    })
    request.once('error', () => resolve(false))
    request.end()
  })
}

function logLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>
      } catch {
        throw new Error(`Not a JSON log line: ${line}`)
      }
    })
}

describe('the server process', () => {
  const email = `main-${Date.now()}@example.com`
  const secrets: string[] = [PASSWORD, ADMIN_SECRET]
  const logs: string[] = []
  let firstToken = ''

  it(
    'serves, finishes a request in flight on SIGTERM, exits 0, and keeps its data for the next start',
    async () => {
      const first = await startServer()

      const signUp = await postJson(first, API_PATHS.signUp, {
        fullName: 'Main Test',
        email,
        password: PASSWORD,
        role: 'user',
      })
      expect(signUp.status).toBe(201)
      firstToken = sessionToken(signUp)
      secrets.push(firstToken)
      // A device listening for sync events: a stream that never ends by itself.
      const events = await EventStream.open(
        `${first.origin}${SYNC_PATHS.events}`,
        `letterhead_session=${firstToken}`,
      )
      expect(await events.next()).toBe('pull')

      // A sign-in the server has begun (its request line is logged) but cannot answer yet.
      const signIn = postInTwoParts(
        first,
        API_PATHS.signIn,
        JSON.stringify({ email, password: PASSWORD }),
      )
      await until(
        () =>
          logLines(first.stdout()).some((line) => {
            const req = line.req as { url?: string } | undefined
            return req?.url === API_PATHS.signIn
          }),
        'the sign-in to reach the server',
      )
      expect(first.child.kill('SIGTERM')).toBe(true)
      await until(
        () => first.stdout().includes('shutting down'),
        'the server to begin shutting down',
      )
      await until(async () => !(await acceptsConnections(first)), 'the server to stop accepting')
      expect(first.child.exitCode).toBeNull()
      // The event stream is ended for the shutdown rather than holding it up.
      await events.closed()

      const answered = await signIn.finish()
      expect(answered.status).toBe(200)
      expect(JSON.parse(answered.body)).toMatchObject({ user: { email } })
      const cookie = [answered.headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('letterhead_session='))
      const token = cookie?.split(';')[0]?.split('=')[1]
      expect(token).toBeTruthy()
      if (token) secrets.push(token)

      expect(await first.exited).toEqual({ code: 0, signal: null })
      logs.push(first.stdout())

      const second = await startServer()
      try {
        const again = await postJson(second, API_PATHS.signIn, { email, password: PASSWORD })
        expect(again.status).toBe(200)
        secrets.push(sessionToken(again))
        // The session opened before the restart is still open.
        const me = await fetch(`${second.origin}${API_PATHS.me}`, {
          headers: { cookie: `letterhead_session=${firstToken}` },
        })
        expect(me.status).toBe(200)
        expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email)
      } finally {
        second.child.kill('SIGINT')
        expect(await second.exited).toEqual({ code: 0, signal: null })
        logs.push(second.stdout())
      }
    },
    SLOW,
  )

  it('logged JSON lines with request ids, and never a password, secret or session token', () => {
    expect(logs).toHaveLength(2)
    for (const log of logs) {
      const lines = logLines(log)
      const requests = lines.filter((line) => line.msg === 'incoming request')
      expect(requests.length).toBeGreaterThan(0)
      for (const line of requests) expect(line.reqId).toEqual(expect.any(String))
      const completed = lines.filter((line) => line.msg === 'request completed')
      for (const line of completed) expect(line.reqId).toEqual(expect.any(String))
      for (const secret of secrets) expect(log).not.toContain(secret)
    }
  })
})

describe('a bad setting', () => {
  it(
    'makes the server exit non-zero with one line on stderr naming it',
    async () => {
      const server = start({
        PORT: 'abc',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'no-build-here'),
        ADMIN_SECRET,
      })
      const { code } = await server.exited
      expect(code).not.toBe(0)
      expect(code).not.toBeNull()
      const lines = server
        .stderr()
        .split('\n')
        .filter((line) => line.trim() !== '')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^Invalid PORT: /)
      expect(lines[0]).toContain('"abc"')
    },
    SLOW,
  )

  it(
    'never shows the admin secret it refused',
    async () => {
      const server = start({ PORT: '4173', ADMIN_SECRET: '   ', DATA_DIR: dataDir })
      const { code } = await server.exited
      expect(code).not.toBe(0)
      const lines = server
        .stderr()
        .split('\n')
        .filter((line) => line.trim() !== '')
      expect(lines).toEqual(['Invalid ADMIN_SECRET: ADMIN_SECRET must not be blank'])
    },
    SLOW,
  )
})

describe('mail at start-up', () => {
  it(
    'in production without SMTP_URL, says once that no mail is sent, and still answers a reset request',
    async () => {
      const server = await startServer({ NODE_ENV: 'production' })
      try {
        const answer = await postJson(server, API_PATHS.passwordReset, {
          email: 'nobody@example.com',
        })
        expect(answer.status).toBe(202)
        const warnings = logLines(server.stdout()).filter((line) =>
          String(line.msg).startsWith('SMTP_URL is not set'),
        )
        expect(warnings).toHaveLength(1)
        expect(warnings[0]?.level).toBe(40)
      } finally {
        server.child.kill('SIGTERM')
        expect(await server.exited).toEqual({ code: 0, signal: null })
      }
      expect(server.stdout()).not.toContain('nobody@example.com')
    },
    SLOW,
  )
})
