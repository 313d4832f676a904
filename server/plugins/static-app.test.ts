import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../build/content-security-policy'
import { setupTestServer } from '../test-support/test-server'

const INDEX_HTML = '<!doctype html><html><head><title>Letterhead</title></head><body></body></html>'
const APP_JS = 'console.log("Letterhead")'
const IMMUTABLE = 'public, max-age=31536000, immutable'
const ROBOTS_TXT = 'User-agent: *\nDisallow: /api/\n'

/** A policy as its directives: name → its sources, in order. */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>()
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (!name) continue
    expect(parsed.has(name), `${name} appears twice`).toBe(false)
    parsed.set(name.toLowerCase(), sources)
  }
  return parsed
}

function expectAppPolicy(response: LightMyRequestResponse) {
  const header = response.headers['content-security-policy']
  expect(typeof header).toBe('string')
  const sent = directives(String(header))
  const expected = directives(contentSecurityPolicy())
  expect([...sent.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [name, sources] of expected) {
    expect(sent.get(name), name).toEqual(sources)
  }
}

function expectJsonNotFound(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(404)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(response.body).not.toContain('<!doctype')
  expect(response.json()).toEqual({
    error: { code: 'NOT_FOUND', message: 'There is no such API route.' },
  })
}

describe('with a build', () => {
  const root = mkdtempSync(join(tmpdir(), 'letterhead-static-'))
  writeFileSync(join(root, 'index.html'), INDEX_HTML)
  writeFileSync(join(root, 'robots.txt'), ROBOTS_TXT)
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'assets', 'app-abc.js'), APP_JS)
  // The compressed copies the build writes beside its text files (build/precompress.ts).
  for (const file of ['index.html', join('assets', 'app-abc.js')]) {
    const body = file === 'index.html' ? INDEX_HTML : APP_JS
    writeFileSync(join(root, `${file}.br`), brotliCompressSync(body))
    writeFileSync(join(root, `${file}.gz`), gzipSync(body))
  }
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  const server = setupTestServer({ config: { staticDir: root } })

  it('serves robots.txt as text', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    expect(response.body).toBe(ROBOTS_TXT)
  })

  it.each(['/sitemap.xml', '/favicon.ico', '/app/report.pdf'])(
    'answers %s, a file that is not there, with 404 rather than the page',
    async (url) => {
      const response = await server().app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
      expect(response.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'There is no such file.' },
      })
    },
  )

  it('sends the brotli copy to a browser that accepts it, and gzip to one that takes only gzip', async () => {
    const { app } = server()
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe(IMMUTABLE)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS)
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-abc.js',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS)
    const plain = await app.inject({ method: 'GET', url: '/assets/app-abc.js' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(APP_JS)
  })

  it.each(['/', '/app/settings'])(
    'sends %s compressed too, still checked on every load',
    async (url) => {
      const response = await server().app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br' },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['content-encoding']).toBe('br')
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML)
      expectAppPolicy(response)
    },
  )

  it.each(['/', '/index.html', '/app', '/app/settings', '/some/deep/path', '/auth?tab=login'])(
    'answers %s with index.html, checked on every load, under the app’s policy',
    async (url) => {
      const response = await server().app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe(INDEX_HTML)
      expectAppPolicy(response)
    },
  )

  it('answers HEAD of a page like its GET, without a body', async () => {
    const response = await server().app.inject({ method: 'HEAD', url: '/app/settings' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toBe('')
    expectAppPolicy(response)
  })

  it('serves a hashed asset as immutable', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/assets/app-abc.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/)
    expect(response.headers['cache-control']).toBe(IMMUTABLE)
    expect(response.body).toBe(APP_JS)
  })

  it('answers a missing asset with 404, not the page a script cannot run', async () => {
    const response = await server().app.inject({ method: 'GET', url: '/assets/app-old.js' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['cache-control']).not.toBe(IMMUTABLE)
    expect(response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no such file.' },
    })
  })

  it.each([
    ['GET', '/api/nothing'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/auth/nothing?x=1'],
    ['GET', '/%61pi/nothing'],
    ['HEAD', '/api/nothing'],
    ['POST', '/api/nothing'],
    ['PUT', '/api/nothing'],
    ['DELETE', '/api/auth/me'],
    ['POST', '/api/health'],
  ] as const)('answers %s %s, an unknown API route, with a JSON 404', async (method, url) => {
    const response = await server().app.inject({
      method,
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    })
    if (method === 'HEAD') {
      expect(response.statusCode).toBe(404)
      expect(response.headers['content-type']).toMatch(/^application\/json/)
    } else {
      expectJsonNotFound(response)
    }
  })

  it('never answers a request that is not GET or HEAD with the page', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: '/app/settings',
      payload: {},
    })
    expectJsonNotFound(response)
  })

  it('serves nothing outside its folder', async () => {
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json']) {
      const response = await server().app.inject({ method: 'GET', url })
      expect(response.body, url).not.toContain('"name": "letterhead"')
      expect(response.statusCode, url).toBeLessThan(500)
    }
  })
})

describe('with a build kept under a folder named assets', () => {
  const parent = mkdtempSync(join(tmpdir(), 'letterhead-static-'))
  const root = join(parent, 'assets', 'dist')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), INDEX_HTML)
  writeFileSync(join(root, 'assets', 'app-abc.js'), APP_JS)
  afterAll(() => rmSync(parent, { recursive: true, force: true }))

  const server = setupTestServer({ config: { staticDir: root } })

  it('still checks the page on every load and keeps only its own assets forever', async () => {
    const { app } = server()
    for (const url of ['/', '/index.html', '/app/settings']) {
      const page = await app.inject({ method: 'GET', url })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['cache-control'], url).toBe('no-cache')
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' })
    expect(asset.headers['cache-control']).toBe(IMMUTABLE)
  })
})

describe('without a build', () => {
  const server = setupTestServer()

  it.each(['/', '/app/settings', '/index.html', '/assets/app-abc.js', '/api/nothing'])(
    'answers %s with a JSON 404',
    async (url) => {
      expectJsonNotFound(await server().app.inject({ method: 'GET', url }))
    },
  )

  it('still serves the API', async () => {
    expect((await server().app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})
