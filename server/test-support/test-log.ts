import { appendFileSync, createWriteStream, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { databaseKind } from './test-database'

/**
 * Every test server logs at the most detailed level into one file per run,
 * and every secret a test uses (passwords, admin secrets, session tokens) is
 * listed beside it; `npm run test:server-log` then checks that none of them
 * reached the log.
 */
export const SERVER_LOG_DIR = join('test-artifacts', 'server-log')

export const logFile = () => join(SERVER_LOG_DIR, `${databaseKind()}.log`)
export const secretsFile = () => join(SERVER_LOG_DIR, `${databaseKind()}.secrets`)

let stream: NodeJS.WritableStream | undefined

export function testLogStream(): NodeJS.WritableStream {
  mkdirSync(SERVER_LOG_DIR, { recursive: true })
  stream ??= createWriteStream(logFile(), { flags: 'a' })
  return stream
}

export function recordSecret(secret: string) {
  mkdirSync(SERVER_LOG_DIR, { recursive: true })
  appendFileSync(secretsFile(), `${JSON.stringify(secret)}\n`)
}
