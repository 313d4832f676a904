// The process that serves the apps under test: the real Letterhead server, its floor and, with
// --profile, the steps between them, all on one Database. run.ts forks it and drives it over IPC,
// so the load generator never shares this process's event loop.
import { Writable } from 'node:stream'
import { verify } from '@node-rs/argon2'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app'
import { findSession } from '../../server/auth/sessions'
import { newSessionToken } from '../../server/auth/tokens'
import type { Config } from '../../server/config'
import { type Database, openDatabase } from '../../server/db/database'
import { loggerOptions } from '../../server/http/logger'
import { securityHeaders } from '../../server/plugins/helmet'
import { buildFloor, captureStatements, findSessionQuery, findSessionStatement } from './floor'
import { microProfile } from './micro'
import { buildStep, PROFILE_STEPS } from './profile'
import type { Ports, SyncWrite, TargetReply, TargetRequest, TargetStart } from './protocol'
import {
  buildSyncFloor,
  createBatchRaw,
  insertLettersBatched,
  replayRaw,
  replayWithSavepoints,
} from './sync-floor'
import { push } from '../../server/sync/push'

/** testConfig (server/test-support/test-server.ts) with the log at warn and no rate limit in reach. */
const BENCH_CONFIG: Config = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '',
  databaseUrl: undefined,
  staticDir: '/nonexistent-letterhead-build',
  adminSecret: 'bench-admin-secret-7c2a',
  usesDevelopmentAdminSecret: false,
  logLevel: 'warn',
  authRateLimit: 10_000_000,
  trustProxy: false,
  publicOrigin: undefined,
}

/** The warning every API-only start logs; anything else the apps log at warn is reported. */
const EXPECTED_WARNING = 'no built app found'

const warnings: string[] = []
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    const line = chunk.toString('utf8').trim()
    if (!line.includes(EXPECTED_WARNING)) warnings.push(line.slice(0, 4000))
    done()
  },
})

function send(reply: TargetReply): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('target.ts must be forked with an IPC channel'))
    process.send(reply, (error: Error | null) => (error ? reject(error) : resolve()))
  })
}

const cpuMicros = () => {
  const { user, system } = process.cpuUsage()
  return user + system
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (typeof address !== 'object' || address === null) throw new Error('No port to report')
  return address.port
}

type Running = { database: Database; apps: FastifyInstance[]; statement: string }

async function start(message: TargetStart): Promise<Running> {
  const database = await openDatabase(
    message.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: message.database.dataDir }
      : { kind: 'postgres', url: message.database.url },
  )
  const apps: FastifyInstance[] = []
  const statement = findSessionStatement(database.db)
  const running = { database, apps, statement }
  try {
    const sent = [
      ...(await captureStatements(database.db, () =>
        findSession(database.db, newSessionToken(), new Date()),
      )),
      ...(await captureStatements(database.db, () =>
        findSessionQuery(database.db, '', new Date()).execute(),
      )),
    ]
    if (sent.some((one) => one.text !== statement || one.params.length !== 3) || sent.length !== 2)
      throw new Error(
        `findSession no longer sends the floor's statement.\nfloor: ${statement}\nsent: ${JSON.stringify(sent)}`,
      )

    const app = await buildApp({
      config: BENCH_CONFIG,
      database,
      logger: loggerOptions(BENCH_CONFIG.logLevel, logStream),
    })
    apps.push(app)
    const floor = buildFloor(database, statement)
    apps.push(floor)
    const syncFloor = buildSyncFloor(database, statement)
    apps.push(syncFloor)
    const ports: Ports = {
      app: await listen(app),
      floor: await listen(floor),
      profile: {},
      syncFloor: await listen(syncFloor),
    }
    const headers = await securityHeaders()
    if (message.profile) {
      const context = { database, statement, logStream }
      for (const step of PROFILE_STEPS) {
        const stepApp = await buildStep(context, step.layers)
        apps.push(stepApp)
        ports.profile[step.name] = await listen(stepApp)
      }
    }
    const [version] = (await database.query('select version() as version')) as {
      version: string
    }[]
    await send({
      type: 'ready',
      ports,
      databaseVersion: version?.version.split(' on ')[0] ?? 'unknown',
      statement,
      securityHeaders: headers,
      warnings: warnings.splice(0),
    })
    return running
  } catch (error) {
    await stop(running)
    throw error
  }
}

async function stop({ database, apps }: Running) {
  for (const app of apps) await app.close()
  await database.close()
}

/**
 * argon2 verifies of the account's stored hash, `concurrency` at a time, for a fixed time: the
 * ceiling of sign-ins a second in this process. Only verifies that finish inside the measured
 * window count.
 */
async function verifyLoop(
  database: Database,
  message: Extract<TargetRequest, { type: 'verify' }>,
): Promise<TargetReply> {
  const [row] = (await database.query(
    'select c.password_hash from credentials c join users u on u.id = c.user_id where u.email = $1',
    [message.email],
  )) as { password_hash: string }[]
  if (!row) throw new Error(`No account ${message.email} to verify against`)
  if (!(await verify(row.password_hash, message.password)))
    throw new Error('The stored hash does not verify the bench password')

  const begins = performance.now() + message.warmUpMs
  const ends = begins + message.measureMs
  let verifies = 0
  let cpuAtStart = 0
  let cpuAtEnd = 0
  const marks = [
    setTimeout(() => (cpuAtStart = cpuMicros()), message.warmUpMs),
    setTimeout(() => (cpuAtEnd = cpuMicros()), message.warmUpMs + message.measureMs),
  ]
  const worker = async () => {
    while (performance.now() < ends) {
      await verify(row.password_hash, message.password)
      const now = performance.now()
      if (now >= begins && now < ends) verifies += 1
    }
  }
  await Promise.all(Array.from({ length: message.concurrency }, worker))
  marks.forEach(clearTimeout)
  return {
    type: 'verified',
    id: message.id,
    verifies,
    seconds: message.measureMs / 1000,
    cpuMicros: (cpuAtEnd || cpuMicros()) - cpuAtStart,
  }
}

/** Writes a push's letters one way (see SyncWrite), timed in this process. */
async function syncWrite(database: Database, write: SyncWrite, id: number): Promise<TargetReply> {
  const cpuBefore = cpuMicros()
  const started = performance.now()
  switch (write.how) {
    case 'batched':
      await insertLettersBatched(database, write.ownerId, write.letters)
      break
    case 'raw-create-batch':
      await createBatchRaw(database, write.ownerId, write.clientId, write.letters)
      break
    case 'raw-replay':
      await replayRaw(database, write.ownerId, write.clientId, write.mutations)
      break
    case 'raw-savepoints':
      await replayWithSavepoints(database, write.ownerId, write.clientId, write.mutations)
      break
    case 'push-in-process': {
      const answer = await push(database.db, {
        userId: write.ownerId,
        clientId: write.clientId,
        now: new Date(),
        mutations: write.mutations,
      })
      if (answer.refused.length > 0 || answer.lastMutationId !== write.mutations.at(-1)?.id)
        throw new Error(
          `push() refused or skipped mutations: ${JSON.stringify(answer).slice(0, 500)}`,
        )
      break
    }
  }
  return { type: 'timed', id, ms: performance.now() - started, cpuMicros: cpuMicros() - cpuBefore }
}

let running: Running | undefined

async function handle(message: TargetRequest): Promise<void> {
  switch (message.type) {
    case 'start':
      running = await start(message)
      return
    case 'cpu':
      return send({ type: 'cpu', id: message.id, cpuMicros: cpuMicros() })
    case 'verify':
      if (!running) throw new Error('Not started')
      return send(await verifyLoop(running.database, message))
    case 'micro':
      if (!running) throw new Error('Not started')
      return send({
        type: 'micro',
        id: message.id,
        rows: await microProfile(running.database, running.statement, message.token, message),
      })
    case 'syncWrite': {
      if (!running) throw new Error('Not started')
      const { type: _type, id, ...write } = message
      return send(await syncWrite(running.database, write, id))
    }
    case 'seedDemo': {
      if (!running) throw new Error('Not started')
      // Loaded only when asked for, so the word lists never sit in the memory the devices measure.
      const [{ seedDemo }, words] = await Promise.all([
        import('../../server/demo/seed'),
        import('@/data/demo-words'),
      ])
      const started = performance.now()
      await seedDemo(running.database.db, { sizes: message.sizes, words })
      return send({
        type: 'seeded',
        id: message.id,
        seconds: (performance.now() - started) / 1000,
      })
    }
    case 'query': {
      if (!running) throw new Error('Not started')
      const rows = (await running.database.query(message.text, message.params)) as Record<
        string,
        unknown
      >[]
      return send({ type: 'rows', id: message.id, rows })
    }
    case 'stop':
      if (running) await stop(running)
      running = undefined
      await send({ type: 'stopped', id: message.id, warnings: warnings.splice(0) })
      process.disconnect()
      return
  }
}

// Without the bench (it ended or was stopped), nobody can stop this process: end with it.
process.on('disconnect', () => process.exit(0))

process.on('message', (message: TargetRequest) => {
  handle(message).catch(async (error: unknown) => {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error)
    await send({ type: 'failed', id: 'id' in message ? message.id : null, message: text })
    if (message.type === 'start') process.disconnect()
  })
})
