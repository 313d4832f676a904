import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import {
  type LetterheadServer,
  startLetterheadServer,
} from '../../tests/e2e/support/letterhead-server'
import { median } from '../shared/stats'
import { type BenchEnv, newContext } from './env'
import type { SeededAccount, SeedRequest } from './seed-server'
import {
  armFloor,
  downloadFloor,
  type FloorResult,
  floorPush,
  installSyncProbe,
  installSyncTrace,
  openFloorStream,
  type RequestTiming,
  requestsTo,
  watchDownload,
  watchForText,
} from './sync-page'

export type SyncPlan = {
  /** Letters the new device downloads, and how many times (after one uncounted warm-up). */
  letters: number
  downloadRuns: number
  warmUp: boolean
  /** Letters of the account the two live devices share, and trials of each kind. */
  liveLetters: number
  liveTrials: number
}

export type DownloadRun = {
  letters: number
  pulls: number
  /** Bytes of every pull's answer body, as sent. */
  pullBytes: number
  /**
   * Of `syncMs`, the time some pull request was under way (sent to answer read): the network and
   * the server; the rest is the page's own work between pulls (checking and storing each page).
   */
  pullingMs: number
  /** Start of the app's first pull to every letter stored, the download marked done. */
  syncMs: number
  /** Sign In clicked to the dashboard's header, to the first letter card, to the download done. */
  clickToShellMs: number
  clickToRowsMs: number
  clickToDoneMs: number
  /** The first letter card after the dashboard's header: the screen's own wait. */
  shellToRowsMs: number
  /** The longest main-thread task from the first pull to the download done, and how many over 200 ms. */
  longestTaskMs: number
  longTasksOver200: number
  longTaskSupported: boolean
  floor: FloorResult & {
    totalMs: number
    /** The longest main-thread task while the floor's puts ran, and while the chunked ones did. */
    putLongestTaskMs: number
    chunkedLongestTaskMs: number
  }
}

/** The what-if's chunk: puts sent at once before the main thread is given back. */
export const PUT_CHUNK = 100

export type LiveSplit = {
  /** Save clicked (app) or raw push sent (floor) on A, to A's push request starting. */
  toPush: number
  push: number
  /** A's push answered to B's pull request starting: the poke and B's reaction to it. */
  toPull: number
  pull: number
  /** B's pull answered to the text in B's DOM (app) or the answer parsed (floor). */
  toScreen: number
}

export type LiveResult = {
  trials: number
  app: number[]
  floor: number[]
  appSplit: LiveSplit
  floorSplit: LiveSplit
}

export type SyncResult = {
  database: string
  letterChars: number
  downloads: DownloadRun[]
  live: LiveResult
}

const PASSWORD = 'correct horse battery staple'
const log = (line: string) => console.log(line)

/** The accounts and their letters, written before the server starts (seed-server.ts). */
function seedServerData(dataDir: string, request: SeedRequest): Promise<SeededAccount[]> {
  return new Promise((done, fail) => {
    const child = spawn(
      'node_modules/.bin/tsx',
      ['bench/runner/seed-server.ts', dataDir, JSON.stringify(request)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
    child.once('error', fail)
    child.once('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? ''
      if (code !== 0 || !last.startsWith('[')) fail(new Error(`Seeding failed (${code}):\n${err}`))
      else done(JSON.parse(last) as SeededAccount[])
    })
  })
}

/** BENCH_SYNC_TRACE=1: every app page notes its IndexedDB transactions (diagnostics; it slows them). */
const TRACE = Boolean(process.env.BENCH_SYNC_TRACE)

async function syncContext(env: BenchEnv, baseUrl: string): Promise<BrowserContext> {
  const context = await newContext({ ...env, baseUrl })
  await context.addInitScript(installSyncProbe)
  if (TRACE) await context.addInitScript(installSyncTrace)
  return context
}

/** The trace of one trial: what each page did from `from` (epoch ms) on, on one clock. */
async function printTrace(pages: Record<string, Page>, from: number, to: number) {
  const lines: { at: number; line: string }[] = []
  for (const [name, page] of Object.entries(pages)) {
    const { origin, events } = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      events: window.letterheadSyncTrace ?? [],
    }))
    for (const event of events) {
      const at = origin + event.at
      if (at >= from && at <= to) lines.push({ at, line: `${name}: ${event.what}` })
    }
  }
  lines.sort((x, y) => x.at - y.at)
  for (const { at, line } of lines) log(`  +${(at - from).toFixed(1).padStart(6)} ms  ${line}`)
}

const status = (page: Page) => page.getByRole('banner').getByRole('status')
const synced = (page: Page) =>
  status(page)
    .filter({ hasText: /^Synced$/ })
    .waitFor()

/** Opens the sign-in form at `/auth?redirect=…` and fills it in; the caller clicks. */
async function fillSignIn(page: Page, email: string, redirect: string) {
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
}

const after = (requests: RequestTiming[], from: number) => requests.filter((r) => r.start >= from)

/** How long, between `from` and `to`, at least one of `requests` was under way. */
function busyWithin(requests: RequestTiming[], from: number, to: number): number {
  let busy = 0
  let reached = from
  for (const request of [...requests].sort((x, y) => x.start - y.start)) {
    const start = Math.max(request.start, reached)
    const end = Math.min(request.end, to)
    if (end > start) busy += end - start
    reached = Math.max(reached, end)
  }
  return busy
}

/** One new device: sign in, download everything, then the floor in the same page. */
async function downloadOnce(
  env: BenchEnv,
  server: LetterheadServer,
  account: SeededAccount,
  schemaVersion: number,
  /** Where to write a CPU profile of the page from Sign In to the download's end. */
  profileTo?: string,
): Promise<DownloadRun> {
  const context = await syncContext(env, server.url)
  try {
    const page = await context.newPage()
    const cdp = profileTo ? await context.newCDPSession(page) : null
    if (cdp) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
      await cdp.send('Profiler.start')
    }
    await fillSignIn(page, account.email, '/app?tab=letters')
    const before = await page.evaluate(() => window.letterheadProbe.marks)
    if (before.shell !== undefined || before.rows !== undefined)
      throw new Error('The sign-in page already shows what the dashboard is timed by')
    await page.evaluate(watchDownload, account.letters)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForFunction(() => window.letterheadSyncProbe.download !== null, null, {
      timeout: 300_000,
      polling: 50,
    })
    await page.waitForFunction(() => window.letterheadProbe.marks.rows !== undefined)
    if (cdp && profileTo) {
      const { profile } = await cdp.send('Profiler.stop')
      writeFileSync(profileTo, JSON.stringify(profile))
      log(`sync: CPU profile of the page written to ${profileTo}`)
    }
    const probe = await page.evaluate(() => ({
      marks: window.letterheadProbe.marks,
      sync: window.letterheadSyncProbe,
    }))
    const download = probe.sync.download
    if (!download || download.error)
      throw new Error(`The download was not seen: ${download?.error}`)
    const click = probe.sync.lastClick ?? Number.NaN
    const pulls = after(await page.evaluate(requestsTo, '/api/sync/pull'), click)
    const firstPull = pulls[0]?.start ?? Number.NaN
    const during = probe.sync.longTasks.filter(
      (task) => task.start + task.duration >= firstPull && task.start <= download.at,
    )
    const shell = probe.marks.shell ?? Number.NaN
    const rows = probe.marks.rows ?? Number.NaN
    // The app is idle again before the floor runs in the same page.
    await synced(page)
    await page.waitForTimeout(500)
    const floor = await page.evaluate(downloadFloor, {
      limit: 1000,
      schemaVersion,
      chunk: PUT_CHUNK,
    })
    if (floor.letters !== account.letters)
      throw new Error(`The floor stored ${floor.letters} letters, not ${account.letters}`)
    const tasks = await page.evaluate(() => window.letterheadSyncProbe.longTasks)
    const longestWithin = ({ from, to }: { from: number; to: number }) =>
      Math.max(
        0,
        ...tasks
          .filter((task) => task.start + task.duration >= from && task.start <= to)
          .map((task) => task.duration),
      )
    return {
      letters: download.letters,
      pulls: pulls.length,
      pullBytes: pulls.reduce((sum, pull) => sum + pull.bytes, 0),
      pullingMs: busyWithin(pulls, firstPull, download.at),
      syncMs: download.at - firstPull,
      clickToShellMs: shell - click,
      clickToRowsMs: rows - click,
      clickToDoneMs: download.at - click,
      shellToRowsMs: rows - shell,
      longestTaskMs: Math.max(0, ...during.map((task) => task.duration)),
      longTasksOver200: during.filter((task) => task.duration > 200).length,
      longTaskSupported: probe.sync.longTaskSupported,
      floor: {
        ...floor,
        totalMs: floor.fetchMs + floor.putMs,
        putLongestTaskMs: longestWithin(floor.put),
        chunkedLongestTaskMs: longestWithin(floor.chunked),
      },
    }
  } finally {
    await context.close()
  }
}

type Device = { context: BrowserContext; page: Page }

async function signedInDevice(
  env: BenchEnv,
  server: LetterheadServer,
  account: SeededAccount,
  path: string,
): Promise<Device> {
  const context = await syncContext(env, server.url)
  const page = await context.newPage()
  await fillSignIn(page, account.email, path)
  await page.evaluate(watchDownload, account.letters)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForFunction(() => window.letterheadSyncProbe.download !== null, null, {
    timeout: 120_000,
  })
  await synced(page)
  return { context, page }
}

/** A letter's text with `marker` in its last paragraph, about 2 KB like the seeded ones. */
const textWith = (marker: string) =>
  `Dear Bob Recipient,\n\n${'The invoice dated the first of the month remains unpaid. '.repeat(30)}\n\n${marker}\n\nYours faithfully,\nAda Sender`

type Clock = { origin: number; requests: (path: string) => Promise<RequestTiming[]> }

const clockOf = async (page: Page): Promise<Clock> => {
  const origin = await page.evaluate(() => performance.timeOrigin)
  return {
    origin,
    requests: async (path) =>
      (await page.evaluate(requestsTo, path)).map((r) => ({
        ...r,
        start: r.start + origin,
        end: r.end + origin,
      })),
  }
}

/** Where the time of one trial went, from A's requests and B's, all on the epoch clock. */
async function splitOf(
  a: Clock,
  b: Clock,
  startedAt: number,
  seenAt: number,
  query = '',
): Promise<LiveSplit | null> {
  const push = (await a.requests(`/api/sync/push${query}`)).find((r) => r.start >= startedAt - 1)
  if (!push) return null
  const pull = (await b.requests(`/api/sync/pull${query}`))
    .filter((r) => r.start >= push.start && r.end <= seenAt + 1)
    .at(-1)
  if (!pull) return null
  return {
    toPush: push.start - startedAt,
    push: push.end - push.start,
    toPull: pull.start - push.end,
    pull: pull.end - pull.start,
    toScreen: seenAt - pull.end,
  }
}

const medianSplit = (splits: LiveSplit[]): LiveSplit => ({
  toPush: median(splits.map((s) => s.toPush)),
  push: median(splits.map((s) => s.push)),
  toPull: median(splits.map((s) => s.toPull)),
  pull: median(splits.map((s) => s.pull)),
  toScreen: median(splits.map((s) => s.toScreen)),
})

const seenOn = (page: Page) =>
  page.waitForFunction(() => window.letterheadSyncProbe.seenAt !== null, null, { timeout: 10_000 })

/**
 * A letter saved on device A (its page, Edit Text, Save Changes) until its text is in device B's
 * My Letters; and the floor: the same change pushed raw from A's page until a raw pull on B, woken
 * by its own event stream, holds it. Trials of each kind take turns.
 */
async function liveTrials(
  env: BenchEnv,
  server: LetterheadServer,
  account: SeededAccount,
  trials: number,
  schemaVersion: number,
): Promise<LiveResult> {
  const a = await signedInDevice(env, server, account, '/app?tab=letters')
  const b = await signedInDevice(env, server, account, '/app?tab=letters')
  try {
    // The letter's page, once the letter is on the device.
    await a.page.goto(`/app/letters/${account.newestLetterId}`)
    await synced(a.page)
    await a.page.getByRole('region', { name: 'Letter' }).waitFor()
    await b.page.locator('main article').first().waitFor()
    await b.page.evaluate(openFloorStream, { schemaVersion })
    const [clockA, clockB] = [await clockOf(a.page), await clockOf(b.page)]
    const floorClient = randomUUID()
    let floorMutation = 0
    const result: LiveResult = {
      trials,
      app: [],
      floor: [],
      appSplit: emptySplit(),
      floorSplit: emptySplit(),
    }
    const appSplits: LiveSplit[] = []
    const floorSplits: LiveSplit[] = []
    const settle = async () => {
      await synced(a.page)
      await synced(b.page)
      await a.page.waitForTimeout(150)
    }

    const appTrial = async (marker: string) => {
      await a.page.getByRole('button', { name: 'Edit Text' }).click()
      await a.page.getByLabel('Letter text', { exact: true }).fill(textWith(marker))
      await b.page.evaluate(watchForText, marker)
      await a.page.getByRole('button', { name: 'Save Changes' }).click()
      await seenOn(b.page)
      const clicked = await a.page.evaluate(
        () => performance.timeOrigin + (window.letterheadSyncProbe.lastClick ?? Number.NaN),
      )
      const seenAt = await b.page.evaluate(() => window.letterheadSyncProbe.seenAt ?? Number.NaN)
      result.app.push(seenAt - clicked)
      const split = await splitOf(clockA, clockB, clicked, seenAt)
      if (split) appSplits.push(split)
      await a.page.getByRole('region', { name: 'Letter' }).getByText(marker).waitFor()
    }

    const floorTrial = async (marker: string) => {
      await b.page.evaluate(armFloor, marker)
      floorMutation += 1
      const pushed = await a.page.evaluate(floorPush, {
        clientId: floorClient,
        mutationId: floorMutation,
        letterId: account.newestLetterId,
        content: textWith(marker),
        schemaVersion,
      })
      await seenOn(b.page)
      const seenAt = await b.page.evaluate(() => window.letterheadSyncProbe.seenAt ?? Number.NaN)
      result.floor.push(seenAt - pushed.startedAt)
      const split = await splitOf(clockA, clockB, pushed.startedAt, seenAt, '?floor')
      if (split) floorSplits.push(split)
    }

    // One of each, uncounted: both pages' code paths warm.
    await appTrial(`Warm-up ${randomUUID()}`)
    await settle()
    await floorTrial(`Warm-up floor ${randomUUID()}`)
    await settle()
    result.app.length = 0
    result.floor.length = 0
    appSplits.length = 0
    floorSplits.length = 0
    for (let trial = 1; trial <= trials; trial++) {
      const order = trial % 2 === 0 ? [appTrial, floorTrial] : [floorTrial, appTrial]
      for (const run of order) {
        await run(`Trial ${trial} ${randomUUID()}`)
        await settle()
      }
      if (trial % 10 === 0) log(`sync: live, ${trial} of ${trials} trials`)
    }
    if (TRACE) {
      const marker = `Traced ${randomUUID()}`
      const splitsBefore = appSplits.length
      await appTrial(marker)
      const last = result.app.length - 1
      const seenAt = await b.page.evaluate(() => window.letterheadSyncProbe.seenAt ?? Number.NaN)
      log(`sync: trace of one more trial (${(result.app[last] ?? Number.NaN).toFixed(1)} ms):`)
      await printTrace({ A: a.page, B: b.page }, seenAt - (result.app[last] ?? 0) - 1, seenAt + 1)
      result.app.length = last
      appSplits.length = splitsBefore
      await settle()
    }
    result.appSplit = medianSplit(appSplits)
    result.floorSplit = medianSplit(floorSplits)
    return result
  } finally {
    await a.context.close()
    await b.context.close()
  }
}

const emptySplit = (): LiveSplit => ({
  toPush: Number.NaN,
  push: Number.NaN,
  toPull: Number.NaN,
  pull: Number.NaN,
  toScreen: Number.NaN,
})

/**
 * The sync suite: a real Letterhead server (server/main.ts, as the browser tests start it) on a
 * fresh PGlite folder, serving the bench build on `port`, with two accounts seeded on the server
 * side; a new device downloading one account's letters, then two devices of the other live.
 */
export async function measureSync(
  env: BenchEnv,
  port: number,
  plan: SyncPlan,
): Promise<SyncResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'letterhead-bench-sync-'))
  const stamp = Date.now()
  log(`sync: seeding ${plan.letters.toLocaleString('en-US')} letters on the server`)
  const seeded = seedServerData(dataDir, {
    accounts: [
      {
        email: `download-${stamp}@bench.example.com`,
        fullName: 'Bench Download',
        password: PASSWORD,
        letters: plan.letters,
      },
      {
        email: `live-${stamp}@bench.example.com`,
        fullName: 'Bench Live',
        password: PASSWORD,
        letters: plan.liveLetters,
      },
    ],
  })
  try {
    const accounts = await seeded
    const server = await startLetterheadServer(port, dataDir, {
      STATIC_DIR: resolve(env.outDir),
      ADMIN_SECRET: 'bench-admin-secret',
    })
    return await measureOn(env, server, accounts, plan)
  } finally {
    // The server stops in measureOn; the folder goes whether or not it ever started.
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureOn(
  env: BenchEnv,
  server: LetterheadServer,
  [downloader, live]: SeededAccount[],
  plan: SyncPlan,
): Promise<SyncResult> {
  if (!downloader || !live) {
    await server.stop()
    throw new Error('The seed made no accounts')
  }
  try {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
      database: string
      schemaVersion: number
    }
    const downloads: DownloadRun[] = []
    const runs = plan.downloadRuns + (plan.warmUp ? 1 : 0)
    for (let run = 0; run < runs; run++) {
      const warmUp = plan.warmUp && run === 0
      log(
        `sync: new device, ${plan.letters.toLocaleString('en-US')} letters${warmUp ? ' (warm-up)' : `, run ${downloads.length + 1} of ${plan.downloadRuns}`}`,
      )
      const result = await downloadOnce(env, server, downloader, health.schemaVersion)
      if (!warmUp) downloads.push(result)
    }
    const profileTo = process.env.BENCH_SYNC_PROFILE
    if (profileTo) {
      log('sync: new device once more, profiled (not counted)')
      await downloadOnce(env, server, downloader, health.schemaVersion, resolve(profileTo))
    }
    log(`sync: a letter saved on A until it shows on B, ${plan.liveTrials} trials`)
    const liveResult = await liveTrials(env, server, live, plan.liveTrials, health.schemaVersion)
    return {
      database: health.database,
      letterChars: downloader.contentChars,
      downloads,
      live: liveResult,
    }
  } finally {
    await server.stop()
  }
}
